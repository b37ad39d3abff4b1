/**
 * Why an upload was refused, in the visitor's language: the upload call's 4xx answers name the field `file`, and
 * the site shows the message beside the file input.
 */
import { ContentError } from '../../db/errors';
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
  },
  en: {
    missing: 'Please choose a file (field "file").',
    empty: 'The file is empty.',
    malformed: 'The file did not arrive complete. Please upload it again.',
    tooLarge: 'The file is too large. At most {size} are allowed.',
    kind: 'This type of file is not accepted. Allowed: {kinds}.',
    disguised: 'The file name does not match its content: the file is a {kind} file. Please upload it with the right extension.',
  },
} as const;

export type UploadMessage = keyof (typeof texts)['de'];

const statusOf: Record<UploadMessage, 400 | 413 | 415> = { missing: 400, empty: 400, malformed: 400, tooLarge: 413, kind: 415, disguised: 400 };

/** What @fastify/busboy throws for a body that is not complete multipart data (plain Errors, told by message). */
const malformedMessages = new Set(['Unexpected end of multipart data', 'Multipart: Boundary not found']);

/**
 * The visitor's answer for an error met while reading an upload: a file over the limit (413) or a body cut off or
 * malformed (400); anything else (a full disk, the database) is left as it is, a 500.
 */
export function asUploadError(error: unknown, locale: Locale): unknown {
  if ((error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') return uploadRefused(locale, 'tooLarge');
  if (error instanceof Error && malformedMessages.has(error.message)) return uploadRefused(locale, 'malformed');
  return error;
}

/** The error for a refused upload: 413 too large, 415 a kind we do not take, 400 otherwise. */
export function uploadRefused(locale: Locale, reason: UploadMessage, kind?: UploadKind): ContentError {
  const message = texts[locale][reason]
    .replace('{size}', formatBytes(maxUploadBytes, locale))
    .replace('{kinds}', kindList(uploadKindNames))
    .replace('{kind}', kind ? uploadKinds[kind].label : '');
  return new ContentError(statusOf[reason], message, 'file');
}
