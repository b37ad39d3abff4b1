/**
 * The forms calls from the site (ADR 011), on the site's own origin, through the site's one fetch helper
 * (credentials, and the CSRF header on writes, spec §7).
 */
import type { EntryCreated, FormSummary, PublicForm, TempFileCreated } from '../../../contract/schemas/forms';
import type { Locale } from '../../../contract/locales';
import { getJson, postJson, postMultipart } from '../../lib/api-client';
import { routePath } from '../../lib/route-path';
import type { entryBody } from './form-values';

/** `/de/forms/kontakt` → `kontakt`; null for the section itself (`/de/forms`). */
export function formSlugOf(pathname: string, locale: Locale): string | null {
  const rest = pathname.slice(routePath('forms', locale).length).split('/').filter(Boolean);
  try {
    return rest.length ? decodeURIComponent(rest[0]) : null;
  } catch {
    return rest[0];
  }
}

export type FormLoad = { state: 'ready'; form: PublicForm } | { state: 'missing' } | { state: 'failed' };

const api = (locale: Locale) => `/${locale}/api`;

/** One online form; `missing` when there is none by that slug (404), `failed` when the server could not say. */
export async function loadForm(locale: Locale, slug: string, signal?: AbortSignal): Promise<FormLoad> {
  const result = await getJson<PublicForm | undefined>(`${api(locale)}/forms/${encodeURIComponent(slug)}/`, { signal });
  if (result.status === 404 || result.status === 400) return { state: 'missing' };
  return result.ok && result.data && Array.isArray(result.data.fields) ? { state: 'ready', form: result.data } : { state: 'failed' };
}

/** The online forms; undefined when they could not be loaded. */
export async function loadFormList(locale: Locale, signal?: AbortSignal): Promise<FormSummary[] | undefined> {
  const result = await getJson<unknown>(`${api(locale)}/forms/`, { signal });
  return result.ok && Array.isArray(result.data) ? (result.data as FormSummary[]) : undefined;
}

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
