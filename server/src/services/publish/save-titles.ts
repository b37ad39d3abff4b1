import type { SaveDescription } from '../../../../contract/save-descriptions';
import { localeAlternation, type Locale } from '../../../../contract/locales';

/**
 * Readable titles for staff saves, for the publish runs and the build hook's trigger_title ("Module 34 changed in
 * container 12 (de) by redaktion"), made from the request alone so naming a save costs no query.
 */
const maxLength = 200;

/** An editor call's address: its language and what follows `pageeditor-api/`. */
const editorCall = new RegExp(`^/(${localeAlternation})/pageeditor-api/(.*?)/?$`);
const editorPrefix = new RegExp(`^/(${localeAlternation})/pageeditor-api/`);

/** The editor's calls and the hub's record calls as data (shared/save-descriptions.ts), for the hub's dashboard. */
const recognise: Array<[method: string, path: RegExp, what: (ids: string[]) => Omit<SaveDescription, 'locale' | 'by'>]> = [
  ['POST', /^container$/, () => ({ action: 'container_created' })],
  ['POST', /^container\/(\d+)$/, ([c]) => ({ action: 'container_changed', container: Number(c) })],
  ['POST', /^container\/(\d+)\/modules$/, ([c]) => ({ action: 'module_added', container: Number(c) })],
  ['POST', /^container\/(\d+)\/modules\/(\d+)$/, ([c, m]) => ({ action: 'module_changed', container: Number(c), module: Number(m) })],
  ['DELETE', /^container\/(\d+)\/modules\/(\d+)$/, ([c, m]) => ({ action: 'module_deleted', container: Number(c), module: Number(m) })],
  ['POST', /^container\/(\d+)\/order$/, ([c]) => ({ action: 'modules_reordered', container: Number(c) })],
  ['POST', /^container\/(\d+)\/modules\/(\d+)\/move$/, ([c, m]) => ({ action: 'module_moved', container: Number(c), module: Number(m) })],
  ['POST', /^container\/(\d+)\/restore$/, ([c]) => ({ action: 'container_restored', container: Number(c) })],
  ['POST', /^page\/(\d+)\/versions\/(\d+)\/restore$/, ([p, v]) => ({ action: 'page_restored', page: Number(p), version: Number(v) })],
  ['POST', /^hub\/([a-z-]+)$/, ([section]) => ({ action: 'record_created', section })],
  ['POST', /^hub\/([a-z-]+)\/(\d+)$/, ([section, id]) => ({ action: 'record_changed', section, id: Number(id) })],
  ['DELETE', /^hub\/([a-z-]+)\/(\d+)$/, ([section, id]) => ({ action: 'record_deleted', section, id: Number(id) })],
  ['POST', /^hub\/([a-z-]+)\/(\d+)\/([a-z-]+)$/, ([section, id, verb]) => ({ action: 'record_action', section, id: Number(id), verb })],
];

/** A successful staff write as data; undefined for a path outside `/{locale}/pageeditor-api/`. */
export function describeSave(method: string, url: string, author?: string): SaveDescription | undefined {
  const match = editorCall.exec(url.split('?')[0] ?? '');
  if (!match) return undefined;
  const [, locale, rest] = match as unknown as [string, Locale, string];
  const known = recognise.find(([m, pattern]) => m === method && pattern.test(rest));
  const what = known ? known[2](groups(known[1], rest)) : { action: 'other' as const, path: `${method} ${rest || '/'}`.slice(0, maxLength) };
  return { ...what, locale, ...(author ? { by: author } : {}) };
}

/** The editor's saves in English words; the hub's and other writes are named by method and path. */
const inEnglish: Partial<Record<SaveDescription['action'], (save: SaveDescription) => string>> = {
  container_created: () => 'Container created',
  container_changed: (s) => `Container ${s.container} changed`,
  module_added: (s) => `Module added to container ${s.container}`,
  module_changed: (s) => `Module ${s.module} changed in container ${s.container}`,
  module_deleted: (s) => `Module ${s.module} deleted from container ${s.container}`,
  modules_reordered: (s) => `Modules reordered in container ${s.container}`,
  module_moved: (s) => `Module ${s.module} moved from container ${s.container}`,
  container_restored: (s) => `Container ${s.container} restored`,
  page_restored: (s) => `Page ${s.page} restored to version ${s.version}`,
};

/** `method` and `url` of a successful staff write, and who made it (their username), as one line. */
export function titleOfSave(method: string, url: string, author?: string): string {
  const pathname = url.split('?')[0] ?? '';
  const save = describeSave(method, url);
  let title = `${method} ${pathname}`;
  if (save) {
    const rest = pathname.replace(editorPrefix, '').replace(/\/$/, '');
    title = `${inEnglish[save.action]?.(save) ?? `${method} ${rest || '/'}`} (${save.locale})`;
  }
  if (author) title += ` by ${author}`;
  return title.length > maxLength ? `${title.slice(0, maxLength - 1)}…` : title;
}

const groups = (regex: RegExp, text: string) => (regex.exec(text) ?? []).slice(1);
