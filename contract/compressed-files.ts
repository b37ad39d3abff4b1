/**
 * Which built files get brotli and gzip copies beside them (scripts/lib/precompress.ts) and the type each is sent
 * with (plugins/site.ts): the text formats a Gatsby build writes. Images and fonts are compressed already.
 */
export const compressedTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/vnd.microsoft.icon',
};

/** The copies' suffixes by content coding, in the server's order of preference. */
export const encodingSuffixes = { br: '.br', gzip: '.gz' } as const;
export type ContentCoding = keyof typeof encodingSuffixes;
export const compressedSuffixes: readonly string[] = Object.values(encodingSuffixes);

const extension = (file: string) => {
  const slash = file.lastIndexOf('/');
  const dot = file.lastIndexOf('.');
  return dot > slash ? file.slice(dot).toLowerCase() : '';
};

export const isCompressible = (file: string) => Object.hasOwn(compressedTypes, extension(file));

/**
 * The file `file` is a compressed copy of (`x.html` for `x.html.br`), or undefined when it is none: a `.gz` of a file
 * we do not compress (one the site offers for download) is a file of its own.
 */
export const copySource = (file: string): string | undefined => {
  const suffix = compressedSuffixes.find((s) => file.endsWith(s));
  return suffix && isCompressible(file.slice(0, -suffix.length)) ? file.slice(0, -suffix.length) : undefined;
};

/** The Content-Type of a compressible file, or undefined for others. */
export const compressedType = (file: string): string | undefined => (isCompressible(file) ? compressedTypes[extension(file)] : undefined);

/**
 * Whether a copy was made from its source as it is now: the copy carries the source's mtime, which a file system
 * stores a little off (seconds as a double, rounded to its own precision), so to within a millisecond.
 */
export const madeFrom = (copyMtimeMs: number, sourceMtimeMs: number) => Math.abs(copyMtimeMs - sourceMtimeMs) < 1;
