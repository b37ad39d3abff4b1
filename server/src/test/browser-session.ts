/**
 * What a browser on the site brings to a public write, for `app.inject`: the CSRF cookie and header, a same-site
 * Origin, and a form token. Rate limits count per client IP: give tests that post a lot their own
 * `remoteAddress` in the inject options.
 */
import type { App } from '../app';
import type { Locale } from '../../../contract/locales';

export interface BrowserSession {
  /** Cookie, X-CSRFToken and Origin headers for a POST. */
  headers: Record<string, string>;
  /** A fresh form token, as the site fetches when a form is shown. */
  formToken(): Promise<string>;
}

export async function browserSession(app: App, locale: Locale = 'de'): Promise<BrowserSession> {
  const response = await app.inject({ method: 'GET', url: `/${locale}/api/csrf/` });
  const setCookie = [response.headers['set-cookie'] ?? []].flat().join('\n');
  const token = /(?:^|\n)csrftoken=([^;]+)/.exec(setCookie)?.[1];
  if (!token) throw new Error(`GET /${locale}/api/csrf/ set no csrftoken cookie (status ${response.statusCode})`);
  return {
    headers: { cookie: `csrftoken=${token}`, 'x-csrftoken': token, origin: app.publicUrl() },
    async formToken() {
      const reply = await app.inject({ method: 'GET', url: `/${locale}/api/form-token/` });
      return (JSON.parse(reply.body) as { token: string }).token;
    },
  };
}
