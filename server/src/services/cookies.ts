/**
 * Reading and writing cookies without @fastify/cookie: that plugin loads its parser with a dynamic `import()`,
 * which Jest's sandbox refuses, and the server needs only a few plain cookies.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The value of cookie `name` from the request's Cookie header (URL-decoded), or undefined. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface CookieOptions {
  path?: string;
  maxAgeSeconds?: number;
  sameSite?: 'Lax' | 'Strict' | 'None';
  httpOnly?: boolean;
  secure?: boolean;
}

/** Adds a Set-Cookie header, keeping any set before (Fastify appends). Values must be cookie-safe (base64url and dots here). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions = {}) {
  if (!/^[\w.|~-]*$/.test(value)) throw new Error(`setCookie(${name}): value needs encoding`);
  const parts = [`${name}=${value}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  parts.push(`Path=${options.path ?? '/'}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  // Fastify's reply.header appends to an existing Set-Cookie list by itself: passing the list again sent every
  // earlier cookie twice (kf_session twice at login, issue 15).
  reply.header('set-cookie', parts.join('; '));
}
