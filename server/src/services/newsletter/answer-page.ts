/**
 * The newsletter sign-up's answer pages for a visitor without script (ADR 071, ADR 073): the sign-up form sent as a
 * form to `/{locale}/api/newsletter/` is answered with a page of the site, in the words of the site's form
 * (locales/{de,en}/newsletter.json) and with its markup, so it reads and looks as the form does with script:
 * - the form again, its values kept, with each refusal beside its field (an address missing or not one, no consent);
 * - "check and send": the values as hidden fields with a fresh form token and a send button, when the form came
 *   without a token it could use (a built page cannot carry one);
 * - the same "check your inbox" the form shows with script, once the sign-up is taken.
 */
import type { Locale } from '../../../../contract/locales';
import { routes } from '../../../../contract/locales';
import { consentFormValue as consentValue, consentText, signupFormPath } from '../../../../contract/newsletter';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../../../../contract/email-rule';
import de from '../../../../locales/de/newsletter.json';
import en from '../../../../locales/en/newsletter.json';
import { html, rawHtml, type SafeHtml } from '../answer-pages/answer-page';
import { translator, type Translate } from '../answer-pages/site-strings';

export interface SignupEntries {
  email: string;
  consent: boolean;
}

export type SignupRefusals = Partial<Record<keyof SignupEntries, 'errorEmailRequired' | 'errorEmailInvalid' | 'errorConsentRequired'>>;

/** The form's checks, as the site's (src/components/newsletter/signup-rules.ts) and the JSON call's. */
export function signupRefusals({ email, consent }: SignupEntries): SignupRefusals {
  const refusals: SignupRefusals = {};
  if (!email) refusals.email = 'errorEmailRequired';
  else if (!isEmailAddress(email)) refusals.email = 'errorEmailInvalid';
  if (!consent) refusals.consent = 'errorConsentRequired';
  return refusals;
}

export interface NewsletterAnswer {
  status: number;
  title: string;
  body: SafeHtml;
}

const stringsOf = (locale: Locale) => translator({ de, en }, locale);
const idOf = (name: string) => `newsletter-${name}`;
const backLink = (locale: Locale, t: Translate, key: 'backToSignup' | 'changeEntries') => html`<p class="newsletter-back"><a href="${routes.newsletter[locale]}">${t(key)}</a></p>`;

/** The honeypot as the site's form has it: off-screen, out of the tab order, left empty by people. */
const honeypot = rawHtml(
  '<div style="position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden" aria-hidden="true"><label>Website (leave empty)<input name="website" type="text" tabindex="-1" autocomplete="off" value=""></label></div>',
);

/** The sign-up form with the values sent and each refusal beside its field (400). */
export function refusedSignup(locale: Locale, entries: SignupEntries, refusals: SignupRefusals, formToken: string): NewsletterAnswer {
  const t = stringsOf(locale);
  const error = (name: keyof SignupEntries) => (refusals[name] ? html`<p id="${idOf(name)}-error" class="form-field__error">${t(refusals[name])}</p>` : '');
  const invalid = (name: keyof SignupEntries) => (refusals[name] ? ' form-field--invalid' : '');
  const emailDescribed = refusals.email ? `${idOf('email')}-hint ${idOf('email')}-error` : `${idOf('email')}-hint`;
  const email = html`<div class="form-field${invalid('email')}"><label for="${idOf('email')}">${t('email')} <span class="form-field__required">(${t('required')})</span></label><input id="${idOf('email')}" name="email" type="email" autocomplete="email" maxlength="${EMAIL_MAX_LENGTH}" aria-required="true"${refusals.email ? rawHtml(' aria-invalid="true"') : ''} aria-describedby="${emailDescribed}" value="${entries.email}"><p id="${idOf('email')}-hint" class="form-field__hint">${t('emailHint')}</p>${error('email')}</div>`;
  const consent = html`<div class="form-field form-field--checkbox${invalid('consent')}"><input type="checkbox" name="consent" value="${consentValue}" id="${idOf('consent')}" aria-required="true"${entries.consent ? rawHtml(' checked') : ''}${refusals.consent ? html` aria-invalid="true" aria-describedby="${idOf('consent')}-error"` : ''}><label for="${idOf('consent')}">${consentText[locale]} <span class="form-field__required">(${t('required')})</span></label>${error('consent')}</div>`;
  const form = html`<form class="newsletter-form" aria-label="${t('formLabel')}" method="post" action="${signupFormPath(locale)}" novalidate><p class="newsletter-form__error" role="alert">${t('errorsIntro')}</p>${email}${consent}${honeypot}<input type="hidden" name="form_token" value="${formToken}"><button type="submit" class="button">${t('submit')}</button></form>`;
  return {
    status: 400,
    title: t('title'),
    body: html`<div class="page-intro"><h1 class="page-title">${t('title')}</h1><p class="page-lead">${t('intro')}</p></div>${form}${backLink(locale, t, 'backToSignup')}`,
  };
}

/** "Check and send": the values held in hidden fields with a fresh form token, sent again with one press. */
export function checkSignup(locale: Locale, entries: SignupEntries, formToken: string): NewsletterAnswer {
  const t = stringsOf(locale);
  const hidden = html`<input type="hidden" name="email" value="${entries.email}"><input type="hidden" name="consent" value="${consentValue}"><input type="hidden" name="website" value=""><input type="hidden" name="form_token" value="${formToken}">`;
  return {
    status: 200,
    title: t('checkTitle'),
    body: html`<div class="page-intro"><h1 class="page-title">${t('checkTitle')}</h1><p class="page-lead">${t('checkText')}</p></div><form class="newsletter-form" aria-label="${t('formLabel')}" method="post" action="${signupFormPath(locale)}"><dl class="newsletter-check"><dt>${t('email')}</dt><dd>${entries.email}</dd><dt>${t('consentLabel')}</dt><dd>${consentText[locale]}</dd></dl>${hidden}<button type="submit" class="button">${t('submit')}</button></form>${backLink(locale, t, 'changeEntries')}`,
  };
}

/** What the form says with script once the server took the sign-up (or a bot's, which changes nothing). */
export function signupReceived(locale: Locale): NewsletterAnswer {
  const t = stringsOf(locale);
  return {
    status: 200,
    title: t('successTitle'),
    body: html`<div class="page-intro"><h1 class="page-title">${t('title')}</h1></div><div role="status" class="newsletter-result newsletter-result--success"><h2>${t('successTitle')}</h2><p>${t('successText')}</p></div>`,
  };
}
