/**
 * Netlify's deploy notifications as Netlify sends them (ADR 023), for the server tests and the publish-hook e2e
 * spec: the deploy as JSON and `X-Webhook-Signature`, a JWS (HS256) over `{ iss, sha256 }` of the body. Also the
 * `X-Nf-Sign` of its signed proxy rules (ADR 029), for the client-address tests.
 */
import { createHash, createHmac } from 'node:crypto';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The signature header for `body`; `header` and `claims` replace the JWS parts to forge one. */
export function signNetlifyBody(secret: string, body: string | Buffer, forged: { header?: unknown; claims?: unknown } = {}): string {
  const header = base64url(forged.header ?? { alg: 'HS256', typ: 'JWT' });
  const claims = base64url(forged.claims ?? { iss: 'netlify', sha256: createHash('sha256').update(body).digest('hex') });
  const signature = createHmac('sha256', secret).update(`${header}.${claims}`).digest('base64url');
  return `${header}.${claims}.${signature}`;
}

/**
 * `X-Nf-Sign` as Netlify's CDN (and `netlify dev`) puts it on a request proxied under a signed rule: a JWS (HS256)
 * over the deploy context, site id and URL, `iat`, `exp` five minutes later and `iss: netlify`. `at` is the signing
 * time; `header` and `claims` replace the JWS parts to forge one.
 */
export function signNetlifyProxy(secret: string, { at = Date.now(), header, claims }: { at?: number; header?: unknown; claims?: unknown } = {}): string {
  const iat = Math.floor(at / 1000);
  const head = base64url(header ?? { alg: 'HS256', typ: 'JWT' });
  const body = base64url(claims ?? { deploy_context: 'production', netlify_id: 'fa4dd95a-994e-4f89-8a7a-2d9e9fc36a32', site_url: 'https://www.konzertfreunde.example', iat, exp: iat + 300, iss: 'netlify' });
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** A deploy object shaped like Netlify's (the fields the server reads, and a few it does not). */
export function netlifyDeploy(fields: { state: string; title: string | null; context?: string; error_message?: string | null; [field: string]: unknown }) {
  return {
    id: '6571a0c2e4b0f1000812ab34',
    site_id: 'fa4dd95a-994e-4f89-8a7a-2d9e9fc36a32',
    build_id: '6571a0c2e4b0f1000812ab32',
    name: 'konzertfreunde',
    url: 'https://www.konzertfreunde.example',
    deploy_ssl_url: 'https://6571a0c2e4b0f1000812ab34--konzertfreunde.netlify.app',
    branch: 'main',
    context: 'production',
    error_message: null,
    created_at: '2026-11-23T10:00:00.000Z',
    ...fields,
  };
}
