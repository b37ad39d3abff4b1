/**
 * Serves the built site from PUBLIC_DIR on the API's origin, as Netlify would: pretty URLs (`/de/x` →
 * `de/x/index.html`), cache headers per kind of file, redirects (database rows first, so a new redirect works
 * before the next build, then the build's `_redirects`), section rewrites for client-side routes, and the
 * language's 404 page with status 404.
 * The build may fill PUBLIC_DIR after start (the first build runs while the server already answers API calls), so
 * files are looked up per request.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { locales } from '../schemas/content';
import { findRedirect } from '../db/repositories/redirects';
import { RedirectsFile } from '../services/redirects-file';
import type { RouteOptions } from '../routes/route-options';
import { isApiPath } from './api-paths';

const revalidate = 'public, max-age=0, must-revalidate';
const immutable = 'public, max-age=31536000, immutable';

/** Gatsby's content-hashed bundles (`app-3f2a…c1.js`, `styles.9b1e…a4.css`) never change under their name. */
const hashedAsset = /[.-][0-9a-f]{16,}\.(?:js|css|mjs)(?:\.map)?$/;

export function cacheControlFor(relative: string): string {
  if (relative.startsWith('static/') || hashedAsset.test(relative)) return immutable;
  return revalidate;
}

/** Paths that are files the build writes, where a redirect lookup is pointless. */
const assetPath = /^\/(?:static|page-data|~partytown)\/|\.(?:js|mjs|css|map|json|woff2?|ico|txt|xml|webmanifest)$/;

/**
 * The file under `root` a URL path names, following `index.html` for folders, or undefined. Refuses `..`,
 * dot files, the build's control files and anything that resolves (through links) outside `root`.
 */
export async function resolvePublicFile(root: string, urlPath: string): Promise<string | undefined> {
  const segments = urlPath.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || s.startsWith('.') || s.includes('\\') || s === '_redirects' || s === '_headers')) {
    return undefined;
  }
  const realRoot = await fs.realpath(root).catch(() => undefined);
  if (!realRoot) return undefined;
  for (const candidate of [path.join(realRoot, ...segments), path.join(realRoot, ...segments, 'index.html')]) {
    const real = await fs.realpath(candidate).catch(() => undefined);
    if (!real || (real !== realRoot && !real.startsWith(realRoot + path.sep))) continue;
    const stat = await fs.stat(real).catch(() => undefined);
    if (stat?.isFile()) return path.relative(realRoot, real);
  }
  return undefined;
}

/** With the request's query string, as Netlify keeps it on redirects. */
function withQuery(target: string, url: string) {
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  return query && !target.includes('?') ? target + query : target;
}

const sitePlugin: FastifyPluginAsync<RouteOptions> = async (app, { config, db }) => {
  const root = config.publicDir;
  const redirectsFile = new RedirectsFile(path.join(root, '_redirects'));
  // The build may not have run yet; @fastify/static wants its root to exist, and the build fills it later.
  await fs.mkdir(root, { recursive: true });
  await app.register(fastifyStatic, { root, serve: false });

  async function sendNotFound(reply: FastifyReply, urlPath: string) {
    const first = urlPath.split('/').filter(Boolean)[0];
    const locale = (locales as readonly string[]).includes(first) ? first : 'de';
    for (const page of [`${locale}/404/index.html`, `${locale}/404.html`, '404/index.html', '404.html']) {
      const html = await fs.readFile(path.join(root, page), 'utf8').catch(() => undefined);
      if (html !== undefined) {
        return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      }
    }
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send('<!doctype html><html lang="de"><title>404</title><h1>Fehler 404</h1><p>Die gesuchte Seite wurde nicht gefunden.</p></html>');
  }

  app.get('/*', async (request, reply) => {
    const rawPath = request.url.split('?')[0];
    if (isApiPath(rawPath)) return reply.callNotFound();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(rawPath);
    } catch {
      return reply.code(400).type('text/plain; charset=utf-8').send('Bad request: malformed URL');
    }
    if (urlPath.includes('\0')) return reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
    if (urlPath === '/') return reply.redirect('/de', 302);
    // Version previews are for staff (spec §4): a visitor's version link leads to the current page.
    const params = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1).split('&') : [];
    const isVersion = (param: string) => param === 'version_id' || param.startsWith('version_id=');
    if (!request.isStaff && params.some(isVersion)) {
      const rest = params.filter((param) => !isVersion(param)).join('&');
      return reply.redirect(`${rawPath}${rest ? `?${rest}` : ''}`, 301);
    }

    if (!assetPath.test(urlPath)) {
      const row = await findRedirect(db, urlPath);
      if (row) return reply.redirect(withQuery(row.new_path, request.url), 301);
      const rule = await redirectsFile.lookup(urlPath);
      if (rule) return reply.redirect(withQuery(rule.to, request.url), rule.status);
    }

    let file = await resolvePublicFile(root, urlPath);
    // A client-side route (a Gatsby match path such as /de/search/pages/2) has no file; its section's page renders it.
    const rewrite = file || assetPath.test(urlPath) ? undefined : await redirectsFile.rewrite(urlPath);
    if (rewrite) file = await resolvePublicFile(root, rewrite);
    if (!file) return sendNotFound(reply, urlPath);
    reply.header('cache-control', cacheControlFor(file.split(path.sep).join('/')));
    return reply.sendFile(file, root, { cacheControl: false, dotfiles: 'deny' });
  });
};

export default sitePlugin;
