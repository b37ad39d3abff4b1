/**
 * One outside address checked (ADR 086): HEAD, then GET when HEAD is refused (405, 501); no cookies, no body read,
 * a clear User-Agent, redirects followed up to a small limit with every hop held to the address rule again, and a
 * timeout over the whole check. The connection goes to the IP the rule passed (a fixed `lookup`), while TLS still
 * checks the certificate against the host's name.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AddressRefused, resolveCheckedAddress } from './address-rule';

export interface CheckOutcome {
  /** The last hop's HTTP status; null when there was none. */
  status: number | null;
  /** Why there is no status: timeout, dns, address, redirects, scheme, network. */
  error: string | null;
}

export interface CheckOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxRedirects?: number;
  userAgent?: string;
}

export const linkCheckUserAgent = 'KonzertfreundeLinkCheck/1.0 (checks links on the site; one request at a time)';

class Timeout extends Error {}

/** One request to the checked IP; resolves with the status and the Location header, the body left unread. */
function request(url: URL, method: 'HEAD' | 'GET', pinned: { address: string; family: 4 | 6 }, userAgent: string, signal: AbortSignal) {
  const pin: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const outgoing = client.request(
      url,
      { method, agent: false, lookup: pin, signal, headers: { 'user-agent': userAgent, accept: '*/*', connection: 'close' } },
      (response) => {
        const location = response.headers.location;
        resolve({ status: response.statusCode ?? 0, location: typeof location === 'string' ? location : undefined });
        response.destroy();
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Checks one address; never throws. */
export async function checkUrl(address: string, { allowPrivate, timeoutMs, maxRedirects = 5, userAgent = linkCheckUserAgent }: CheckOptions): Promise<CheckOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Timeout()), timeoutMs);
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { status: null, error: 'scheme' };
      const pinned = await Promise.race([
        resolveCheckedAddress(url.hostname, allowPrivate),
        new Promise<never>((_resolve, reject) => controller.signal.addEventListener('abort', () => reject(new Timeout()), { once: true })),
      ]);
      let answer = await request(url, 'HEAD', pinned, userAgent, controller.signal);
      if (answer.status === 405 || answer.status === 501) answer = await request(url, 'GET', pinned, userAgent, controller.signal);
      if (answer.status < 300 || answer.status >= 400 || answer.location === undefined) return { status: answer.status, error: null };
      if (hop >= maxRedirects) return { status: answer.status, error: 'redirects' };
      url = new URL(answer.location, url);
    }
  } catch (error) {
    if (controller.signal.aborted || error instanceof Timeout) return { status: null, error: 'timeout' };
    if (error instanceof AddressRefused) return { status: null, error: error.code };
    if (error instanceof TypeError) return { status: null, error: 'scheme' };
    return { status: null, error: 'network' };
  } finally {
    clearTimeout(timer);
  }
}
