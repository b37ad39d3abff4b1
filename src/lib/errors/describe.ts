/**
 * An error as a report says it (ADR 057): its message in one line, the place (the top stack frame's
 * function and file, without the content hash of a chunk's name, so one error stays one group across builds) and the
 * stack without origin, query strings and what looks personal (contract/error-scrub.ts, which the server applies
 * again). Errors that are not ours are left out: "Script error." (a script of another origin) and errors thrown in a
 * browser extension. Pure, so Jest reads it as the browser does.
 */
import { replaceControlCharacters } from '../../../contract/control-characters';
import { errorReportLimits } from '../../../contract/error-report-limits';
import { scrubText } from '../../../contract/error-scrub';
import type { ErrorReportArea } from '../../../contract/error-reports';
import type { ReportFields } from './send';

/** Where the page is: the hub, the editor (or its preview) on a site page, or the site. */
export function reportArea({ pathname, search }: { pathname: string; search: string }): ErrorReportArea {
  return /^\/cms-hub(\/|$)/.test(pathname) ? 'hub' : /[?&](edit|preview)(=|&|$)/.test(search) ? 'editor' : 'site';
}

export interface Described {
  message: string;
  place?: string;
  stack?: string;
}

export interface Frame {
  /** The function's name as the stack gives it ('' for an anonymous one). */
  fn: string;
  /** Where: a URL with line and column, or what the browser says instead (`<anonymous>`, `native`). */
  location: string;
}

/** Frames kept in a report's stack: the top ones say where it went wrong, the rest is the framework's. */
export const MAX_FRAMES = 20;

const extensionPattern = /^(?:chrome|moz|safari|safari-web|ms-browser|edge)-extension:/;
const isExtension = (location: string) => extensionPattern.test(location);

/** `Name: message` in one line, as long as a report keeps. */
export function errorMessage(value: unknown): string {
  let text: string;
  if (value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as Error).message === 'string')) {
    const { name, message } = value as Error;
    const label = typeof name === 'string' && name ? name : 'Error';
    text = message ? `${label}: ${message}` : label;
  } else if (typeof value === 'object' && value !== null) {
    // An object's fields may be a form's values: only what kind of thing it was.
    text = `Non-error value: ${Object.prototype.toString.call(value).slice(8, -1)}`;
  } else {
    text = `Non-error value: ${String(value)}`;
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, errorReportLimits.message);
}

/** The frames of a V8 stack (`    at fn (url:1:2)`) or of Firefox's and Safari's (`fn@url:1:2`). */
export function parseStack(stack: string): Frame[] {
  const lines = stack.split('\n');
  const v8 = lines.some((line) => /^\s*at /.test(line));
  const frames: Frame[] = [];
  for (const line of lines) {
    if (v8) {
      const match = /^\s*at (?:(.*?) \((.*)\)|(.*))$/.exec(line);
      if (match) frames.push({ fn: (match[1] ?? '').replace(/^async /, ''), location: (match[2] ?? match[3]).trim() });
    } else {
      const match = /^(.*?)@(.*:\d+(?::\d+)?|\[native code\])$/.exec(line.trim());
      if (match) frames.push({ fn: match[1], location: match[2] });
    }
  }
  return frames;
}

/** A chunk's content hash (`app-c524288db065d7123e04.js`): the release names the build, and the scrubber would take a name with it for a token. */
const withoutHash = (url: string) => url.replace(/-[0-9a-f]{20}(?=\.(?:m?js|css)$)/, '');

/** A location without the page's origin, query string, fragment and content hash; line and column kept. */
export function scrubLocation(location: string, origin: string): string {
  const match = /^(.*?)((?::\d+){1,2})?$/.exec(location)!;
  let url = match[1];
  if (origin && url.startsWith(`${origin}/`)) url = url.slice(origin.length);
  return `${withoutHash(url.replace(/[?#].*$/, ''))}${match[2] ?? ''}`;
}

/** The file a location names, without query, line and column, and without a chunk's content hash. */
export function fileOf(location: string): string {
  const url = location.replace(/(?::\d+){1,2}$/, '').replace(/[?#].*$/, '');
  return withoutHash(url.slice(url.lastIndexOf('/') + 1) || url);
}

/** `onClick (component---src-templates-event-page-tsx.js)`: the frame's function and file. */
export function placeOf(frame: Frame): string {
  const file = fileOf(frame.location);
  return (frame.fn ? `${frame.fn} (${file})` : file).slice(0, errorReportLimits.place);
}

/**
 * What a report says of `value` (an error, or what was thrown or rejected); null when it is not ours to report.
 * `file`: the script an `error` event names, for a value without a stack.
 */
export function describeError(value: unknown, { origin, file }: { origin: string; file?: string }): Described | null {
  const message = errorMessage(value);
  if (message === 'Non-error value: Script error.' || message === 'Script error.') return null;
  if (file && isExtension(file)) return null;
  const stackText = typeof (value as Error | null)?.stack === 'string' ? (value as Error).stack! : '';
  const frames = parseStack(stackText);
  if (frames.length && isExtension(frames[0].location)) return null;
  const ours = frames.filter((frame) => !isExtension(frame.location)).slice(0, MAX_FRAMES);
  const place = ours.length ? placeOf(ours[0]) : file ? fileOf(file) : undefined;
  const stack = ours.map(({ fn, location }) => {
    const where = scrubLocation(location, origin);
    return `at ${fn ? `${fn} (${where})` : where}`;
  });
  return {
    message: scrubText(message),
    ...(place ? { place: scrubText(place) } : {}),
    ...(stack.length ? { stack: scrubText(stack.join('\n')).slice(0, errorReportLimits.stack) } : {}),
  };
}

/** `POST /de/pageeditor-api/container/12/`: a call as a report names it, its path without origin or query. */
export function callOf(method: string, url: string, origin: string): string {
  let path: string;
  try {
    path = new URL(url, origin || 'http://localhost').pathname;
  } catch {
    path = url.replace(/[?#].*$/, '');
  }
  return `${method.toUpperCase()} ${path}`.slice(0, errorReportLimits.call);
}

/**
 * `fields` as the server takes them: each text cut to its limit, then without the control characters the server
 * refuses (cut first, so a surrogate pair cut in two is replaced too); all but the stack in one line; never an empty
 * message.
 */
export function fitFields(fields: ReportFields): ReportFields {
  const limits: Record<string, number | undefined> = errorReportLimits;
  const fitted: Record<string, unknown> = { ...fields, message: fields.message || 'Error' };
  for (const [key, value] of Object.entries(fitted)) {
    if (typeof value !== 'string') continue;
    const cut = replaceControlCharacters(value.slice(0, limits[key]));
    fitted[key] = key === 'stack' ? cut : cut.replace(/[\t\r\n]/g, ' ');
  }
  return fitted as ReportFields;
}
