/**
 * Answer pages (ADR 071): what the content server sends a visitor whose browser ran no script and sent a form for
 * real (a POST from a form, or the search's GET). The answer is a page of the site: the built page named as its
 * shell lends its header, navigation, footer and styles; `<main>` holds the answer; every script is taken out, so
 * the page never hydrates into the page it was built as, and it is `noindex`. Without a built site (a content
 * server that only feeds a CDN's builds) a small page of its own carries the same answer.
 *
 * Every text put into an answer goes through `html`, which escapes what it is given unless it is already `SafeHtml`.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Locale } from '../../../../contract/locales';
import { resolvePublicFile } from '../public-files';

/** HTML that is safe to put into a page as it is: made by `html` or named trusted with `rawHtml`. */
export interface SafeHtml {
  readonly safeHtml: string;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A text as HTML text or attribute value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]);

const isSafe = (value: unknown): value is SafeHtml => typeof value === 'object' && value !== null && typeof (value as SafeHtml).safeHtml === 'string';

function piece(value: unknown): string {
  if (isSafe(value)) return value.safeHtml;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * `html\`<p>${text}</p>\``: the template's own markup as written, each value escaped unless it is `SafeHtml`; a list
 * is its items in order; `undefined`, `null` and `false` are nothing (for `${cond && html\`…\`}`).
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return { safeHtml: strings.reduce((out, text, index) => out + text + (index < values.length ? piece(values[index]) : ''), '') };
}

/** HTML already made safe elsewhere (the content server's sanitised rich text), put in as it is. */
export const rawHtml = (trusted: string): SafeHtml => ({ safeHtml: trusted });

export interface AnswerPage {
  locale: Locale;
  /** The built page that frames the answer, e.g. `/de/search`: its header, navigation, footer and styles. */
  shellPath: string;
  /** The answer's own title; the site's name follows it. */
  title: string;
  /** What `<main>` holds. */
  body: SafeHtml;
  /** Default 200. */
  status?: number;
}

const siteName = 'Konzertfreunde';
const documentTitle = (title: string) => `${title} | ${siteName}`;

type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;
const attribute = (element: Element, name: string) => (element.attribs[name] ?? '').toLowerCase();

/** What of the built page is for its scripts and for search engines (the answer is neither's). */
function leftOut(element: Element): boolean {
  if (element.name === 'script') return true;
  if (element.name === 'link') {
    const rel = attribute(element, 'rel').split(/\s+/);
    return rel.includes('modulepreload') || rel.includes('canonical') || rel.includes('alternate') || (rel.includes('preload') && attribute(element, 'as') === 'script');
  }
  if (element.name === 'meta') return attribute(element, 'name') === 'robots' || attribute(element, 'property').startsWith('og:') || attribute(element, 'name').startsWith('twitter:');
  return false;
}

/** The shell page with the answer in its `<main>`, or undefined when the page is not one our build writes. */
export function frameAnswer(shell: string, page: Pick<AnswerPage, 'title' | 'body'>): string | undefined {
  const document = parseDocument(shell, { decodeEntities: false });
  const main = DomUtils.findOne((element) => element.name === 'main', document.children, true);
  const head = DomUtils.findOne((element) => element.name === 'head', document.children, true);
  if (!main || !head) return undefined;
  for (const element of DomUtils.findAll(leftOut, document.children)) {
    // The indentation before a removed element would be left as a line of blanks (Gatsby indents its scripts).
    const before = element.prev;
    if (before?.type === 'text' && /^\s*$/.test(before.data)) DomUtils.removeElement(before);
    DomUtils.removeElement(element);
  }
  const title = DomUtils.findOne((element) => element.name === 'title', head.children, false);
  if (title) DomUtils.removeElement(title);
  const added = parseDocument(`<title>${escapeHtml(documentTitle(page.title))}</title><meta name="robots" content="noindex">`, { decodeEntities: false });
  for (const node of [...added.children]) DomUtils.appendChild(head, node);
  main.children = [];
  for (const node of [...parseDocument(page.body.safeHtml, { decodeEntities: false }).children]) DomUtils.appendChild(main, node);
  return DomUtils.getOuterHTML(document, { decodeEntities: false });
}

/** The page of its own, for a content server without a built site. */
function ownPage(page: AnswerPage): string {
  const home = `/${page.locale}`;
  return html`<!DOCTYPE html><html lang="${page.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${documentTitle(page.title)}</title></head><body><header><a href="${home}">${siteName}</a></header><main id="main-content">${page.body}</main></body></html>`.safeHtml;
}

/** The built page at `shellPath` in the live release, or undefined. */
async function readShell(publicDir: string, shellPath: string): Promise<string | undefined> {
  // One release for the whole read: the live link is resolved once (ADR 052).
  const root = await fs.realpath(publicDir).catch(() => undefined);
  if (!root) return undefined;
  const file = await resolvePublicFile(root, shellPath);
  return file === undefined ? undefined : fs.readFile(path.join(root, file), 'utf8').catch(() => undefined);
}

/** The answer as a page of the site (module comment), never kept by a cache. */
export async function answerPageHtml(publicDir: string, page: AnswerPage): Promise<string> {
  const shell = await readShell(publicDir, page.shellPath);
  return (shell !== undefined && frameAnswer(shell, page)) || ownPage(page);
}

export async function sendAnswerPage(reply: FastifyReply, publicDir: string, page: AnswerPage) {
  const body = await answerPageHtml(publicDir, page);
  return reply
    .code(page.status ?? 200)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(body);
}
