/**
 * The kinds of file visitors may upload to a form, recognised by their content (services/forms/sniff-upload.ts),
 * with the MIME type stored for them and the file-name extensions that may claim them. Shared with the site, which
 * offers the same list in the file picker and checks size and extension before uploading.
 */
import { intlLocale, type Locale } from './locales';

export const uploadKinds = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'], label: 'PDF' },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jpe'], label: 'JPEG' },
  png: { mime: 'image/png', extensions: ['png'], label: 'PNG' },
  webp: { mime: 'image/webp', extensions: ['webp'], label: 'WebP' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    label: 'Word (DOCX)',
  },
  odt: { mime: 'application/vnd.oasis.opendocument.text', extensions: ['odt'], label: 'OpenDocument (ODT)' },
} as const;

export type UploadKind = keyof typeof uploadKinds;
export const uploadKindNames = Object.keys(uploadKinds) as UploadKind[];
export const isUploadKind = (value: unknown): value is UploadKind => typeof value === 'string' && value in uploadKinds;

/** The largest upload the temp-files call takes, in bytes; a form's file field may allow less. */
export const maxUploadBytes = 10 * 1024 * 1024;

/** `Scan.PDF` → `pdf`; '' when the name has no extension. */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Every extension any allowed kind may carry. */
const knownExtensions = new Map<string, UploadKind>(uploadKindNames.flatMap((kind) => uploadKinds[kind].extensions.map((ext) => [ext, kind] as const)));

/** The kind a file name's extension claims, if it is one we take. */
export const kindClaimedBy = (name: string): UploadKind | undefined => knownExtensions.get(extensionOf(name));

/** The `accept` attribute of a file input for these kinds: `.pdf,application/pdf,…`. */
export const acceptAttribute = (kinds: readonly UploadKind[]) =>
  kinds.flatMap((kind) => [...uploadKinds[kind].extensions.map((ext) => `.${ext}`), uploadKinds[kind].mime]).join(',');

/** 10485760 → `10 MB`, 350000 → `342 KB` (binary units, as file managers show them). */
export function formatBytes(bytes: number, locale: Locale): string {
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes >= 1024 * 1024) return format(bytes / (1024 * 1024), 'MB');
  if (bytes >= 1024) return format(Math.round(bytes / 1024), 'KB');
  return format(bytes, 'B');
}
