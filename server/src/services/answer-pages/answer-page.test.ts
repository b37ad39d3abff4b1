import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { answerPageHtml, frameAnswer, html, rawHtml, sendAnswerPage } from './answer-page';

/** A page as the build writes it, in the parts an answer page keeps or takes out (ADR 071). */
const builtPage = `<!DOCTYPE html><html lang="de"><head><meta http-equiv="Content-Security-Policy" content="script-src 'self' 'sha256-x'" data-kf-csp=""/><meta charset="utf-8"/><title data-gatsby-head="true">Suche | Konzertfreunde</title><meta name="robots" content="index, follow"/><meta property="og:title" content="Suche"/><link rel="canonical" href="https://example.org/de/search"/><link rel="alternate" hreflang="en" href="https://example.org/en/search"/><link rel="preload" as="script" href="/app-1.js"/><style data-href="/styles.css">.site-header{color:#7a1f2b}</style><script type="application/ld+json">{"@type":"WebPage"}</script></head><body><div id="___gatsby"><a class="skip-link" href="#main-content">Zum Inhalt springen</a><header class="site-header"><a href="/de">Konzertfreunde</a><nav aria-label="Hauptnavigation"><a href="/de/programm">Programm</a></nav></header><main id="main-content" tabindex="-1" class="site-main page-enter"><h1>Suche</h1><p>Gebaut &amp; leer</p></main><footer class="site-footer">Impressum &copy; 2026</footer></div><script id="gatsby-script-loader">window.pagePath="/de/search";</script><script src="/app-1.js" async=""></script></body></html>`;

describe('an answer page framed by a built page', () => {
  const answer = frameAnswer(builtPage, { title: 'Suche: Brahms <3', body: html`<h1>Ergebnisse für „${'<script>alert(1)</script>'}“</h1>${[html`<p>eins</p>`, html`<p>zwei</p>`]}` })!;

  it("keeps the site's header, navigation, footer, styles and the skip link", () => {
    expect(answer).toMatch(/^<!DOCTYPE html><html lang="de">/);
    expect(answer).toContain('<nav aria-label="Hauptnavigation"><a href="/de/programm">Programm</a></nav>');
    expect(answer).toContain('<footer class="site-footer">Impressum &copy; 2026</footer>');
    expect(answer).toContain('<style data-href="/styles.css">.site-header{color:#7a1f2b}</style>');
    expect(answer).toContain('<a class="skip-link" href="#main-content">');
  });

  it('puts the answer into main, in place of what the build put there, with every value escaped', () => {
    const main = /<main[^>]*>(.*)<\/main>/.exec(answer)![1];
    expect(main).toBe('<h1>Ergebnisse für „&lt;script&gt;alert(1)&lt;/script&gt;“</h1><p>eins</p><p>zwei</p>');
    expect(answer).toContain('<main id="main-content" tabindex="-1" class="site-main page-enter">');
  });

  it('runs no script and is for no search engine', () => {
    expect(answer).not.toMatch(/<script/i);
    expect(answer).not.toMatch(/rel="(?:preload|canonical|alternate)"/);
    expect(answer).not.toContain('og:title');
    expect(answer.match(/<meta name="robots"[^>]*>/g)).toEqual(['<meta name="robots" content="noindex">']);
  });

  it('has its own title, escaped, and only one', () => {
    expect(answer.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Suche: Brahms &lt;3 | Konzertfreunde</title>']);
  });

  it('refuses a shell that has no main', () => {
    expect(frameAnswer('<html><head></head><body><p>x</p></body></html>', { title: 't', body: html`` })).toBeUndefined();
  });
});

describe('html', () => {
  it('escapes attribute quotes and leaves out nothing-values', () => {
    const value = `" onmouseover="x' &`;
    expect(html`<a title="${value}">${undefined}${null}${false}${0}</a>`.safeHtml).toBe('<a title="&quot; onmouseover=&quot;x&#39; &amp;">0</a>');
    expect(html`<div>${rawHtml('<em>kept</em>')}</div>`.safeHtml).toBe('<div><em>kept</em></div>');
  });
});

describe('sending an answer page', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-answer-'));
    await fs.mkdir(path.join(dir, 'release-1', 'de', 'search'), { recursive: true });
    await fs.writeFile(path.join(dir, 'release-1', 'de', 'search', 'index.html'), builtPage);
    // PUBLIC_DIR as the site builder leaves it: a link to the live release (ADR 052).
    await fs.symlink(path.join(dir, 'release-1'), path.join(dir, 'site'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('answers with the live release’s page as its frame, never kept, with its status', async () => {
    const app = Fastify();
    app.get('/answer', (_request, reply) => sendAnswerPage(reply, path.join(dir, 'site'), { locale: 'de', shellPath: '/de/search', title: 'Suche', body: html`<p>Antwort</p>`, status: 400 }));
    const response = await app.inject({ url: '/answer' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<nav aria-label="Hauptnavigation">');
    expect(response.body).toContain('<p>Antwort</p>');
    await app.close();
  });

  it('makes a page of its own where no site is built, or the shell is missing or outside the site', async () => {
    for (const [publicDir, shellPath] of [
      [path.join(dir, 'none'), '/de/search'],
      [path.join(dir, 'site'), '/de/forms/kontakt'],
      [path.join(dir, 'site'), '/../../etc/passwd'],
    ]) {
      const page = await answerPageHtml(publicDir, { locale: 'en', shellPath, title: 'Search <b>', body: html`<p>${'Antwort & mehr'}</p>` });
      expect(page).toMatch(/^<!DOCTYPE html><html lang="en">/);
      expect(page).toContain('<title>Search &lt;b&gt; | Konzertfreunde</title>');
      expect(page).toContain('<meta name="robots" content="noindex">');
      expect(page).toContain('<main id="main-content"><p>Antwort &amp; mehr</p></main>');
      expect(page).toContain('<a href="/en">Konzertfreunde</a>');
      expect(page).not.toContain('root:');
    }
  });
});
