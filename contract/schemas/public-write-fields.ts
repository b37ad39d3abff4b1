import { Type } from '@sinclair/typebox';

/**
 * Fields every public-write body accepts: the honeypot (`website`, left empty by people: the site hides it) and
 * the form token. Spread them into the body schema: `Type.Object({ email, ...publicWriteFields }, { additionalProperties: false })`.
 * The honeypot takes any short text, so a bot filling it is not told by a 400 that it was caught.
 */
export const publicWriteFields = {
  website: Type.Optional(Type.String({ maxLength: 500 })),
  form_token: Type.Optional(Type.String({ maxLength: 200 })),
};
