import { useEffect } from 'react';
import type { LegalLinks } from '../../lib/consent/categories';
import { showConsentFor } from '../../lib/consent/load-manager';
import { readStoredConsent, setConsent } from '../../lib/consent/store';
import type { Locale } from '../../lib/locales';

interface Props {
  locale: Locale;
  path: string;
  legalLinks: Record<Locale, LegalLinks>;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** True on the imprint and privacy pages, where the banner stays away (spec §2). */
export function isLegalPage(path: string, links: LegalLinks): boolean {
  const here = trimSlash(path);
  return [links.imprint, links.privacy].some((link) => link !== '' && trimSlash(link) === here);
}

let storedRead = false;

/**
 * The layout's cookie manager (spec §2). Renders nothing itself: after the page has hydrated it hands the stored
 * choice to the consent store at once (so allowed embeds load without waiting) and then starts the cookie
 * manager's chunk, which shows the banner or the settings and keeps the store up to date.
 */
export function ConsentManager({ locale, path, legalLinks }: Props) {
  const excluded = isLegalPage(path, legalLinks[locale]);
  useEffect(() => {
    if (!storedRead) {
      storedRead = true;
      const stored = readStoredConsent();
      if (stored) setConsent(true, stored);
    }
    let cancelled = false;
    const run = () => {
      if (!cancelled) void showConsentFor({ locale, excluded, links: legalLinks }).catch(() => undefined);
    };
    // After the page's own work: the banner can wait a moment, the first paint and input cannot.
    const idle = window.requestIdleCallback?.(run, { timeout: 1500 });
    const timer = idle === undefined ? window.setTimeout(run, 200) : undefined;
    return () => {
      cancelled = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
    // `path`: every page asks again (the banner rule depends on the page, and a cleared choice shows on the next).
  }, [locale, path, excluded, legalLinks]);
  return null;
}
