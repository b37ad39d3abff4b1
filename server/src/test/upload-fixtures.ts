/**
 * Real files of every kind the form uploads take (and a few they refuse), and multipart bodies for `app.inject`.
 * Images are drawn by sharp; DOCX and ODT are real ZIP archives with the entries that make them what they are.
 */
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { App } from '../app';
import type { BrowserSession } from './browser-session';
import type { Locale } from '../../../contract/locales';

/** A ZIP archive with uncompressed entries, as `zip -0` writes it. */
export function storedZip(entries: [name: string, content: string | Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, raw] of entries) {
    const data = Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const image = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#7a1f3d' } })
    .toFormat(format)
    .toBuffer();

const minimalPdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** One small file of each allowed kind, by kind. */
export async function sampleFiles() {
  return {
    pdf: minimalPdf(),
    png: await image('png'),
    jpeg: await image('jpeg'),
    webp: await image('webp'),
    docx: storedZip([
      ['[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'],
      ['_rels/.rels', '<?xml version="1.0"?><Relationships/>'],
      ['word/document.xml', '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'],
    ]),
    odt: storedZip([
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      ['content.xml', '<?xml version="1.0"?><office:document-content/>'],
      ['META-INF/manifest.xml', '<?xml version="1.0"?><manifest:manifest/>'],
    ]),
  };
}

/** A real PDF of exactly `bytes` bytes (a small one padded with spaces), for budgets counted in bytes. */
export function pdfOfSize(bytes: number): Buffer {
  const pdf = minimalPdf();
  return Buffer.concat([pdf, Buffer.alloc(bytes - pdf.length, 0x20)]);
}

/**
 * The body sent in pieces of `pieceBytes`, each handed over on its own turn of the event loop, as a slow network
 * delivers it: the server reads (and writes) a file piece by piece, and parallel uploads interleave.
 */
export function inPieces(payload: Buffer, pieceBytes: number): Readable {
  async function* pieces() {
    for (let at = 0; at < payload.length; at += pieceBytes) {
      await new Promise((resolve) => setImmediate(resolve));
      yield payload.subarray(at, at + pieceBytes);
    }
  }
  return Readable.from(pieces());
}

/** Kinds we refuse: plain text, HTML, an executable's header, a ZIP that is no document, an ODF spreadsheet. */
export const refusedFiles = {
  text: Buffer.from('Sehr geehrte Damen und Herren,\nanbei mein Ausweis.\n', 'utf8'),
  html: Buffer.from('<!doctype html><script>alert(1)</script>', 'utf8'),
  exe: Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(200)]),
  zip: storedZip([['notes.txt', 'hello']]),
  ods: storedZip([['mimetype', 'application/vnd.oasis.opendocument.spreadsheet'], ['content.xml', '<x/>']]),
};

/** A multipart body with text parts `fields`, then one file part (field `file` unless told), for `app.inject`. */
export function multipartBody(
  filename: string,
  content: Buffer,
  { field = 'file', type = 'application/octet-stream', fields = {} as Record<string, string> } = {},
) {
  const boundary = `----kf-test-${Math.random().toString(16).slice(2)}`;
  const textParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'),
  );
  const payload = Buffer.concat([
    ...textParts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`, 'utf8'),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface UploadOptions {
  locale?: Locale;
  /** The part's field name; the call wants `file`. */
  field?: string;
  /** Default: the session's CSRF cookie, header and Origin. */
  headers?: Record<string, string>;
  /** Send a fresh form token in X-Form-Token, as the site does; false leaves it out (a bot). */
  token?: boolean;
  /** Text parts before the file, as the site sends the honeypot `website` (default: an empty honeypot). */
  fields?: Record<string, string>;
  remoteAddress?: string;
  /** Send the body in pieces of this many bytes (`inPieces`) rather than at once. */
  pieceBytes?: number;
}

/** `POST /{locale}/api/temp-files/` with one file, as the site's file field sends it. */
export async function postUpload(app: App, session: BrowserSession, filename: string, content: Buffer, options: UploadOptions = {}) {
  const { locale = 'de', field = 'file', headers = session.headers, token = true, remoteAddress, fields = { website: '' }, pieceBytes } = options;
  const body = multipartBody(filename, content, { field, fields });
  return app.inject({
    method: 'POST',
    url: `/${locale}/api/temp-files/`,
    payload: pieceBytes ? inPieces(body.payload, pieceBytes) : body.payload,
    headers: { ...headers, ...body.headers, ...(token ? { 'x-form-token': await session.formToken() } : {}) },
    remoteAddress,
  });
}
