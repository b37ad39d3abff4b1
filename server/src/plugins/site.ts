/**
 * Serves the built site from PUBLIC_DIR on the API's origin, following the rules the build writes for Netlify
 * (`_redirects`, `_headers`) with Netlify's semantics (services/netlify-rules.ts, ADR 022): rule order, shadowing
 * by existing files, `force`, rewrites, the language's 404 page with status 404, and the headers of every matching
 * block. Pretty URLs as on the CDN: `/de/x` and `/de/x/` answer with `de/x/index.html`.
 *
 * This server is also the content server the CDN proxies to. A proxy rule of the build is answered by the route
 * at its path here; an API path that the rules would not proxy gets what Netlify would answer (so a `_redirects`
 * whose catch-all hid the proxies breaks here as it would on the CDN). `/api/…` without a language (the build's
 * changes feed, deploy notifications) belongs to the content server alone and is never routed through the site.
 *
 * Redirect rows saved since the last build are honoured where the build will write them (unforced, after the
 * forced rules), so a new redirect works at once and behaves as it will on the CDN after the next publish.
 * The build may fill PUBLIC_DIR after start, so files are looked up per request.
 *
 * Text files go out as the brotli or gzip copy the site builder wrote beside them (scripts/lib/precompress.ts)
 * when the request accepts it and the copy was made from the file as it is now (ADR 040).
 *
 * PUBLIC_DIR may be a link to a release folder, switched by the site builder when it publishes a build whole
 * (scripts/lib/live-site.ts, ADR 052). Each request reads the link once and takes every file, rule and header
 * from that one release, so a switch in the middle of a request cannot mix two builds; the release's number goes
 * out as `X-Site-Release`. A plain folder is served as it is.
 *
 * A page's data comes in a request of its own, after the page's scripts have loaded: a switch in between would
 * give the browser a page of one build and its data of the next, which React reports as a hydration failure and
 * renders again. So a page-data request within a few seconds of a page served to the same client (address and
 * browser) from an older release that is still on disk is answered from that release.
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundPagePath } from '../../../contract/not-found-pages';
import { findRedirect } from '../db/repositories/redirects';
import { isSameSitePath } from '../../../contract/link-rule';
import { NetlifyRules, proxiedApiArea } from '../services/netlify-rules';
import type { RuleDecision } from '../../../contract/netlify-rules';
import type { RouteOptions } from '../routes/route-options';
import { chooseEncoding } from '../services/accept-encoding';
import { compressedType, encodingSuffixes, isCompressible, madeFrom, type ContentCoding } from '../../../contract/compressed-files';
import { releaseOf } from '../../../contract/site-releases';
import { isApiPath } from './api-paths';
import { markServedFile } from './security-headers';
import { isProbe } from './probes';
import { resolvePublicFile, servedRoot } from '../services/public-files';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Answers with the site's 404 page for the request's path, status 404, as an unknown address of the site gets it
     * (ADR 068): for routes whose "nothing here" must look exactly like the site's (a preview link, ADR 084).
     */
    sendNotFoundPage(): Promise<FastifyReply>;
  }
}

/** The decisions a rule answers itself: redirects, rewrites and pages with a status. */
type Answering = Extract<RuleDecision, { kind: 'redirect' | 'rewrite' | 'status' }>;
const answers = (decision: RuleDecision): decision is Answering =>
  decision.kind === 'redirect' || decision.kind === 'rewrite' || decision.kind === 'status';

/** Netlify's Cache-Control for anything its rules give none. */
const defaultCacheControl = 'public, max-age=0, must-revalidate';

/** Paths that are files the build writes, where a redirect row lookup is pointless. */
const assetPath = /^\/(?:static|page-data|~partytown)\/|\.(?:js|mjs|css|map|json|woff2?|ico|txt|xml|webmanifest|png|svg)$/;

/** The content server's own calls (build feed, webhooks), which the site's rules never see. */
const contentServerOnly = /^\/api(?:\/|$)/;

/** With the request's query string, as Netlify keeps it on redirects. */
function withQuery(target: string, url: string) {
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  return query && !target.includes('?') ? target + query : target;
}

/** A path of this site only: one leading slash, so a browser cannot read it as another host (`//evil.example`). */
const sameSite = (urlPath: string) => `/${urlPath.replace(/^[/\\]+/, '')}`;


/** How long after a page its data may still come from the page's release (see the header), and for how many clients. */
const pageDataGraceMs = 10_000;
const pinnedClients = 10_000;

export function registerSite(app: FastifyInstance, { config, db }: RouteOptions) {
  const publicDir = config.publicDir;
  /** The rules of the releases served lately, by folder (a switch adds one; old ones are dropped). */
  const rulesByRoot = new Map<string, NetlifyRules>();
  /** Each request's release folder, read once. */
  const roots = new WeakMap<FastifyRequest, string>();
  /** Per client, the release of the last page served to it and when (a bounded map, oldest dropped). */
  const lastPage = new Map<string, { root: string; at: number }>();
  const clientKey = (request: FastifyRequest) => `${request.ip}\n${request.headers['user-agent'] ?? ''}`;

  /** Records the release a page went out from, for its page-data request to follow (see the header). */
  function servedPage(request: FastifyRequest) {
    const root = rootOf(request);
    if (releaseOf(root) === undefined) return;
    const key = clientKey(request);
    lastPage.delete(key);
    lastPage.set(key, { root, at: Date.now() });
    if (lastPage.size > pinnedClients) lastPage.delete(lastPage.keys().next().value!);
  }

  /** The release of a page-data request: that of the client's page when it is recent and older than the live one. */
  function pageDataRoot(request: FastifyRequest, live: string): string {
    const pinned = lastPage.get(clientKey(request));
    if (!pinned || pinned.root === live || Date.now() - pinned.at > pageDataGraceMs) return live;
    return existsSync(pinned.root) ? pinned.root : live;
  }

  /**
   * The folder this request is served from: where the link PUBLIC_DIR points now, or PUBLIC_DIR itself when it is
   * a plain folder. One readlink on this thread: a few microseconds, as with the rules' stat (ADR 040).
   */
  function rootOf(request: FastifyRequest): string {
    let root = roots.get(request);
    if (root === undefined) {
      root = servedRoot(publicDir);
      if (request.url.startsWith('/page-data/')) root = pageDataRoot(request, root);
      roots.set(request, root);
    }
    return root;
  }

  function rulesOf(root: string): NetlifyRules {
    let rules = rulesByRoot.get(root);
    if (!rules) {
      // A release folder holds one content only (ADR 052): its rules are read once, never looked at again (ADR 092).
      rules = new NetlifyRules(root, { immutable: releaseOf(root) !== undefined });
      rulesByRoot.set(root, rules);
      // Two releases are on disk at a time; a request of an older one that is still running keeps its own object.
      while (rulesByRoot.size > 3) rulesByRoot.delete(rulesByRoot.keys().next().value!);
    }
    return rules;
  }

  /**
   * The compressed copy of a built file to send for this request: the best coding it accepts whose copy carries
   * the file's own mtime. A copy with another mtime was made before a rebuild rewrote the file (its new copies are
   * still being made), so the next coding, or the file itself, goes out instead.
   */
  async function compressedCopy(request: FastifyRequest, file: string): Promise<{ coding: ContentCoding; file: string } | undefined> {
    const root = rootOf(request);
    const accepted = request.headers['accept-encoding'];
    if (!accepted || !isCompressible(file)) return undefined;
    let available = Object.keys(encodingSuffixes) as ContentCoding[];
    let source: number | undefined;
    for (let coding = chooseEncoding(accepted, available); coding; coding = chooseEncoding(accepted, available)) {
      source ??= (await fs.stat(path.join(root, file)).catch(() => undefined))?.mtimeMs;
      if (source === undefined) return undefined;
      const copy = file + encodingSuffixes[coding];
      const stat = await fs.stat(path.join(root, copy)).catch(() => undefined);
      if (stat?.isFile() && madeFrom(stat.mtimeMs, source)) return { coding, file: copy };
      available = available.filter((other) => other !== coding);
    }
    return undefined;
  }

  async function sendPage(reply: FastifyReply, file: string, status: number) {
    const root = rootOf(reply.request);
    servedPage(reply.request);
    markServedFile(reply.request, file);
    reply.code(status).type('text/html; charset=utf-8').header('vary', 'Accept-Encoding');
    const copy = await compressedCopy(reply.request, file);
    if (copy) return reply.header('content-encoding', copy.coding).send(await fs.readFile(path.join(root, copy.file)));
    return reply.send(await fs.readFile(path.join(root, file), 'utf8'));
  }

  /** The path's 404 page when the build wrote no rule for it (before the first build, or a bare 404), ADR 068. */
  async function sendNotFound(reply: FastifyReply, urlPath: string) {
    const root = rootOf(reply.request);
    const page = notFoundPagePath(urlPath).slice(1);
    for (const file of [`${page}/index.html`, `${page}.html`, '404/index.html', '404.html']) {
      if (await resolvePublicFile(root, file)) return sendPage(reply, file, 404);
    }
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send('<!doctype html><html lang="de"><title>404</title><h1>Fehler 404</h1><p>Die gesuchte Seite wurde nicht gefunden.</p></html>');
  }

  app.decorateReply('sendNotFoundPage', function sendNotFoundPage(this: FastifyReply) {
    const rawPath = this.request.url.split('?')[0];
    return sendNotFound(this, safeDecode(rawPath) ?? rawPath);
  });

  /**
   * Answers a rule's decision other than "serve the file, or route the call, as it is". Only for decisions that
   * `answers` accepts: a reply is thenable, so callers return it rather than await it to learn whether it answered.
   */
  async function apply(decision: Answering, request: FastifyRequest, reply: FastifyReply, urlPath: string) {
    if (decision.kind === 'redirect') return reply.redirect(withQuery(decision.location, request.url), decision.status);
    const file = await resolvePublicFile(rootOf(request), decision.path);
    if (!file) return sendNotFound(reply, urlPath);
    return serveFile(reply, file, decision.kind === 'rewrite' ? 200 : decision.status);
  }

  async function serveFile(reply: FastifyReply, file: string, status = 200) {
    const root = rootOf(reply.request);
    if (file.endsWith('.html') && status !== 200) return sendPage(reply, file, status);
    if (file.endsWith('.html')) servedPage(reply.request);
    markServedFile(reply.request, file);
    reply.code(status);
    if (!isCompressible(file)) return reply.sendFile(file, root, { cacheControl: false, dotfiles: 'deny' });
    // Caches keep one answer per coding; @fastify/static sends ETag and Last-Modified of the file it sends, so a
    // copy's ETag (size and mtime) differs from the file's.
    reply.header('vary', 'Accept-Encoding');
    const copy = await compressedCopy(reply.request, file);
    if (!copy) return reply.sendFile(file, root, { cacheControl: false, dotfiles: 'deny' });
    reply.header('content-encoding', copy.coding).type(compressedType(file)!);
    return reply.sendFile(copy.file, root, { cacheControl: false, dotfiles: 'deny', contentType: false });
  }

  // The `_headers` rules apply to every answer of this origin, as `netlify dev` applies them; a header the route set
  // itself (an API's own Cache-Control) stands. Netlify's CDN does not apply them to proxied answers (its docs), which
  // is why the content server sends the security headers itself, with the same values (ADR 028).
  app.addHook('onSend', async (request, reply, payload) => {
    // A probe touches no file and is no answer of the site (plugins/probes.ts).
    if (isProbe(request)) return payload;
    const urlPath = request.url.split('?')[0];
    // A call the CDN proxies gets no `_headers` there either (proxiedApiArea): its own headers and the security
    // headers (plugins/security-headers.ts) are all it carries.
    if (proxiedApiArea(urlPath) !== undefined) return payload;
    const root = rootOf(request);
    const headers = await rulesOf(root).headersFor(safeDecode(urlPath) ?? urlPath);
    const release = releaseOf(root);
    if (release !== undefined && !isApiPath(urlPath) && !contentServerOnly.test(urlPath)) reply.header('x-site-release', String(release));
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    if (!reply.hasHeader('cache-control') && !isApiPath(urlPath)) reply.header('cache-control', defaultCacheControl);
    return payload;
  });

  // An API path reaches its route only when the site's rules proxy it, as on the CDN.
  app.addHook('onRequest', async (request, reply) => {
    const urlPath = request.url.split('?')[0];
    // Before the first build there is no `_redirects`: no rules, and every call goes to its route.
    if (!isApiPath(urlPath) || contentServerOnly.test(urlPath)) return;
    const decoded = safeDecode(urlPath);
    if (decoded === undefined) return;
    const decision = await rulesOf(rootOf(request)).decide(decoded, false);
    if (!answers(decision)) return;
    await apply(decision, request, reply, decoded);
    return reply;
  });

  app.register(async (scope) => {
    // The build may not have run yet; @fastify/static wants its root to exist, and the build fills it later.
    await fs.mkdir(publicDir, { recursive: true });
    await scope.register(fastifyStatic, { root: publicDir, serve: false });

    scope.get('/*', async (request, reply) => {
      const rawPath = request.url.split('?')[0];
      if (isApiPath(rawPath)) return reply.callNotFound();
      const urlPath = safeDecode(rawPath);
      if (urlPath === undefined) return reply.code(400).type('text/plain; charset=utf-8').send('Bad request: malformed URL');
      if (urlPath.includes('\0')) return reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
      // Version previews are for staff (docs/product.md, States): a visitor's version link leads to the current page.
      const params = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1).split('&') : [];
      const isVersion = (param: string) => param === 'version_id' || param.startsWith('version_id=');
      if (!request.isStaff && params.some(isVersion)) {
        const rest = params.filter((param) => !isVersion(param)).join('&');
        return reply.redirect(`${sameSite(rawPath)}${rest ? `?${rest}` : ''}`, 301);
      }

      const root = rootOf(request);
      const file = await resolvePublicFile(root, urlPath);
      const decision = await rulesOf(root).decide(urlPath, Boolean(file));
      const forced = decision.kind !== 'none' && (decision.kind === 'proxy' || decision.force);
      if (!forced && !file && !assetPath.test(urlPath)) {
        const row = await findRedirect(db, urlPath);
        // A row stored before the link rule (ADR 026) that would leave the site is not followed.
        if (row && isSameSitePath(row.new_path)) return reply.redirect(withQuery(row.new_path, request.url), 301);
      }
      if (answers(decision)) return apply(decision, request, reply, urlPath);
      if (!file) return sendNotFound(reply, urlPath);
      return serveFile(reply, file);
    });
  });
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
