import { useEffect, useState } from 'react';
import type { Locale } from '../locales';

/**
 * A form token from `GET /{locale}/api/form-token/`, fetched when the form mounts. The server checks that a form
 * was open for a few seconds before it was sent (plugins/public-writes.ts); send it as `form_token`. Undefined
 * until it has arrived (or when the call failed: the submission is then treated as automated).
 */
export function useFormToken(locale: Locale): string | undefined {
  const [token, setToken] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/${locale}/api/form-token/`, { credentials: 'include', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ token: string }>) : undefined))
      .then((body) => {
        if (body && typeof body.token === 'string') setToken(body.token);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [locale]);
  return token;
}
