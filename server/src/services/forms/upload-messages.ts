/**
 * Why an upload was refused, in the visitor's language: the upload call's 4xx answers (and its 507, ADR 064) name
 * the field `file`, and the site shows the message beside the file input.
 */
import { ContentError, TooManyRequestsError } from '../../db/errors';
import type { UploadLimits } from '../../db/repositories/upload-budget';
import { kindList } from '../../../../contract/form-rules';
import { formatBytes, maxUploadBytes, uploadKindNames, uploadKinds, type UploadKind } from '../../../../contract/upload-kinds';
import type { Locale } from '../../../../contract/locales';

const texts = {
  de: {
    missing: 'Bitte wählen Sie eine Datei aus (Feld „file“).',
    empty: 'Die Datei ist leer.',
    malformed: 'Die Datei kam nicht vollständig an. Bitte laden Sie sie noch einmal hoch.',
    tooLarge: 'Die Datei ist zu groß. Erlaubt sind höchstens {size}.',
    kind: 'Dieser Dateityp wird nicht angenommen. Erlaubt: {kinds}.',
    disguised: 'Der Dateiname passt nicht zum Inhalt: Die Datei ist eine {kind}-Datei. Bitte laden Sie sie mit der richtigen Endung hoch.',
    overAddressBudget: 'Sie haben in kurzer Zeit zu viele Dateien hochgeladen (höchstens {budget} pro Stunde). Bitte versuchen Sie es {wait} noch einmal.',
    serverFull: 'Im Moment kann die Website keine weiteren Dateien annehmen. Bitte versuchen Sie es später noch einmal.',
  },
  en: {
    missing: 'Please choose a file (field "file").',
    empty: 'The file is empty.',
    malformed: 'The file did not arrive complete. Please upload it again.',
    tooLarge: 'The file is too large. At most {size} are allowed.',
    kind: 'This type of file is not accepted. Allowed: {kinds}.',
    disguised: 'The file name does not match its content: the file is a {kind} file. Please upload it with the right extension.',
    overAddressBudget: 'You have uploaded too many files in a short time (at most {budget} an hour). Please try again {wait}.',
    serverFull: 'The website cannot take any more files at the moment. Please try again later.',
  },
} as const;

export type UploadMessage = Exclude<keyof (typeof texts)['de'], 'overAddressBudget' | 'serverFull'>;

const statusOf: Record<UploadMessage, 400 | 413 | 415> = { missing: 400, empty: 400, malformed: 400, tooLarge: 413, kind: 415, disguised: 400 };

/**
 * What @fastify/busboy and @fastify/multipart throw for a body that is not complete multipart data: plain Errors
 * told by message (the whole body's end, or the part's that was being read when the body ended: "Part terminated
 * early due to unexpected end of multipart data"), and the request closed before its end.
 */
const malformedMessages = /^(Unexpected end of multipart data|(Part|Preamble) terminated early due to unexpected end of multipart data|Multipart: Boundary not found)$/;
const malformedCodes = new Set(['FST_MP_PREMATURE_CLOSE']);

/**
 * The visitor's answer for an error met while reading an upload: a file over the limit (413) or a body cut off or
 * malformed (400); anything else (a full disk, the database) is left as it is, a 500.
 */
export function asUploadError(error: unknown, locale: Locale): unknown {
  if (error instanceof ContentError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadRefused(locale, 'tooLarge');
  if ((code && malformedCodes.has(code)) || (error instanceof Error && malformedMessages.test(error.message))) return uploadRefused(locale, 'malformed');
  return error;
}

/** "in 5 Minuten" / "in 5 minutes": the wait before an address may upload again, in whole minutes (at least one). */
function waitPhrase(locale: Locale, ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (locale === 'de') return minutes === 1 ? 'in einer Minute' : `in ${minutes} Minuten`;
  return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
}

/**
 * The refusal of an upload past its budget (ADR 064): 429 with Retry-After when the client address has used its
 * bytes for the hour, 507 when the site's bytes for the hour or the temp folder's room are used up.
 */
export function uploadOverBudget(locale: Locale, over: 'address' | 'site' | 'folder', retryAfterMs: number, limits: UploadLimits): ContentError {
  if (over === 'address') {
    const message = texts[locale].overAddressBudget.replace('{budget}', formatBytes(limits.perAddress, locale)).replace('{wait}', waitPhrase(locale, retryAfterMs));
    return new TooManyRequestsError(message, Math.max(1, Math.ceil(retryAfterMs / 1000)), 'file');
  }
  return new ContentError(507, texts[locale].serverFull, 'file');
}

/** The error for a refused upload: 413 too large, 415 a kind we do not take, 400 otherwise. */
export function uploadRefused(locale: Locale, reason: UploadMessage, kind?: UploadKind): ContentError {
  const message = texts[locale][reason]
    .replace('{size}', formatBytes(maxUploadBytes, locale))
    .replace('{kinds}', kindList(uploadKindNames))
    .replace('{kind}', kind ? uploadKinds[kind].label : '');
  const refusal = new ContentError(statusOf[reason], message, 'file');
  return reason === 'malformed' ? refusal.because('upload_incomplete') : refusal;
}
