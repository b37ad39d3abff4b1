/**
 * Readable titles for staff saves, for the publish runs and the build hook's trigger_title ("Module 34 changed in
 * container 12 (de) by redaktion"), made from the request alone so naming a save costs no query.
 */
const describe: Array<[method: string, path: RegExp, title: (ids: string[]) => string]> = [
  ['POST', /^container$/, () => 'Container created'],
  ['POST', /^container\/(\d+)$/, ([c]) => `Container ${c} changed`],
  ['POST', /^container\/(\d+)\/modules$/, ([c]) => `Module added to container ${c}`],
  ['POST', /^container\/(\d+)\/modules\/(\d+)$/, ([c, m]) => `Module ${m} changed in container ${c}`],
  ['DELETE', /^container\/(\d+)\/modules\/(\d+)$/, ([c, m]) => `Module ${m} deleted from container ${c}`],
  ['POST', /^container\/(\d+)\/order$/, ([c]) => `Modules reordered in container ${c}`],
  ['POST', /^container\/(\d+)\/modules\/(\d+)\/move$/, ([c, m]) => `Module ${m} moved from container ${c}`],
  ['POST', /^container\/(\d+)\/restore$/, ([c]) => `Container ${c} restored`],
  ['POST', /^page\/(\d+)\/versions\/(\d+)\/restore$/, ([p, v]) => `Page ${p} restored to version ${v}`],
];

const maxLength = 200;

/** `method` and `url` of a successful staff write, and who made it (their username), as one line. */
export function titleOfSave(method: string, url: string, author?: string): string {
  const pathname = url.split('?')[0] ?? '';
  const match = /^\/(de|en)\/pageeditor-api\/(.*?)\/?$/.exec(pathname);
  let title = `${method} ${pathname}`;
  if (match) {
    const [, locale, rest] = match;
    const known = describe.find(([m, pattern]) => m === method && pattern.test(rest));
    title = known ? `${known[2](groups(known[1], rest))} (${locale})` : `${method} ${rest || '/'} (${locale})`;
  }
  if (author) title += ` by ${author}`;
  return title.length > maxLength ? `${title.slice(0, maxLength - 1)}…` : title;
}

const groups = (regex: RegExp, text: string) => (regex.exec(text) ?? []).slice(1);
