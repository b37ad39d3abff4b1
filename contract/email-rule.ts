/**
 * The one e-mail address rule of the site and the server (ADR 027): newsletter, configurable forms, ticket ads,
 * staff accounts and the settings' info address all use it, and so do the site's own checks before sending.
 *
 * Still deliberately simple (the confirmation mail proves an address), but strict where a loose pattern let
 * through what the mailer then fails on: the local part is dot-separated atoms of ASCII letters, digits and
 * `!#$%&'*+/=?^_`{|}~-` (no quoted strings, so none of `<>,;"()[]\:`, no spaces, no control characters); the
 * domain is two or more dot-separated labels of letters (any script: nodemailer sends a Unicode domain as
 * punycode), digits and inner hyphens.
 */

export const EMAIL_MAX_LENGTH = 254;
/** RFC 5321: a local part has at most 64 octets. */
export const EMAIL_LOCAL_MAX_LENGTH = 64;

const atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const label = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?';

/**
 * The rule as a JSON-schema pattern (Ajv compiles patterns with the `u` flag, which `\p{…}` needs); the local
 * part's 64 characters are in it, the whole address's 254 are not (`maxLength`, and isEmailAddress below).
 */
export const emailPattern = `^(?=[^@]{1,${EMAIL_LOCAL_MAX_LENGTH}}@)${atom}(?:\\.${atom})*@${label}(?:\\.${label})+$`;
/** The description the 400's message ends with: `body.email must be an e-mail address like name@example.org`. */
export const emailDescription = 'an e-mail address like name@example.org';

const emailShape = new RegExp(emailPattern, 'u');

/** Whether `value` (already trimmed) is an address the site accepts and the mailer can send to. */
export const isEmailAddress = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && emailShape.test(value);
