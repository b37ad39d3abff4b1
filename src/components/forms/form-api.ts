/**
 * The forms calls from the site (ADR 011), on the site's own origin, through the site's one fetch helper
 * (credentials, and the CSRF header on writes, docs/product.md, Calls).
 */
import type { EntryCreated, TempFileCreated } from '../../../contract/schemas/forms';
import type { Locale } from '../../../contract/locales';
import { postJson, postMultipart } from '../../lib/api-client';
import type { entryBody } from './form-values';

const api = (locale: Locale) => `/${locale}/api`;

/** Where the form posts without script (ADR 072): the form's own address in the content server. */
export const formAction = (locale: Locale, slug: string) => `${api(locale)}/forms/${encodeURIComponent(slug)}/`;

export const sendEntry = (locale: Locale, body: ReturnType<typeof entryBody>) => postJson<EntryCreated>(`${api(locale)}/forms-entries/`, body);

/**
 * Uploads one file for a file field. The form token goes in a header, as the server cannot read the body first;
 * the form's honeypot goes first in the body, before the file.
 */
export function uploadFile(locale: Locale, file: File, formToken: string | undefined, honeypot = '', signal?: AbortSignal) {
  const data = new FormData();
  data.append('website', honeypot);
  data.append('file', file, file.name);
  return postMultipart<TempFileCreated>(`${api(locale)}/temp-files/`, data, { signal, headers: formToken ? { 'X-Form-Token': formToken } : {} });
}
