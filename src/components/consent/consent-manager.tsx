import React, { useCallback, useEffect, useRef, useState } from 'react';
import type { LegalLinks } from '../../lib/consent/categories';
import { answerBanner, managerStarted, openCookieSettings, prepareConsentManager, setConsentPage } from '../../lib/consent/load-manager';
import { STORED_CONSENT_CLASS } from '../../lib/consent/stored-mark';
import { getConsent, readStoredConsent, setConsent, storedConsentOutdated, useConsent } from '../../lib/consent/store';
import type { Locale } from '../../../contract/locales';
import { ConsentBanner, type BannerAnswer } from './consent-banner';

interface Props {
  locale: Locale;
  path: string;
  legalLinks: Record<Locale, LegalLinks>;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** True on the imprint and privacy pages, where the banner stays away (docs/product.md, Routes). */
export function isLegalPage(path: string, links: LegalLinks): boolean {
  const here = trimSlash(path);
  return [links.imprint, links.privacy].some((link) => link !== '' && trimSlash(link) === here);
}

let storedRead = false;

/**
 * Starts the next Tab from the top of the page, where the skip link is first (docs/decisions/076). Removing the
 * answered banner leaves the focus nowhere, and the browser would go on from where the banner was, past the skip
 * link; focusing the body for a moment moves that starting point without showing a focus ring anywhere.
 */
function focusPageStart() {
  const body = document.body;
  const own = !body.hasAttribute('tabindex');
  if (own) body.setAttribute('tabindex', '-1');
  body.focus({ preventScroll: true });
  if (own) body.removeAttribute('tabindex');
}

/** True when nothing holds the focus (it was on something removed), so moving it takes nothing from the visitor. */
const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** The tag manager's inert scripts are in the page (gatsby-ssr) and only the library can run them. */
const hasTrackingScripts = () => document.querySelector('script[data-category="tracking"]') !== null;

/**
 * The layout's cookie manager (docs/product.md, Routes; ADR 041). The banner is rendered with the page (the built HTML
 * has it on every page but the legal ones; a head script hides it before the first paint when a current choice is
 * stored). After hydration the stored choice goes to the consent store at once, so allowed embeds load without waiting.
 * The library's chunk loads only when the visitor turns to the banner (pointer or focus on it, so it is mostly there by
 * the click), when the settings are opened, or when a stored choice must be applied (tracking allowed and the tag
 * manager configured); a visitor who does not answer, and a returning one, never loads it.
 */
export function ConsentManager({ locale, path, legalLinks }: Props) {
  const excluded = isLegalPage(path, legalLinks[locale]);
  const { decided } = useConsent();
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    if (storedRead) return;
    storedRead = true;
    const stored = readStoredConsent();
    if (stored) setConsent(true, stored);
  }, []);

  // React now agrees with the head script's mark; from here on the store alone decides (a cleared choice shows the
  // banner again on the next page).
  useEffect(() => {
    if (decided) document.documentElement.classList.remove(STORED_CONSENT_CLASS);
  }, [decided]);

  useEffect(() => {
    const page = { locale, excluded, links: legalLinks };
    setConsentPage(page);
    const root = document.documentElement;
    const { decided: chosen, accepted } = getConsent();
    setOutdated(!chosen && storedConsentOutdated());
    const needed = managerStarted() || (accepted.has('tracking') && hasTrackingScripts());
    if (!needed) {
      // The banner rule for this page applies (the banner is shown or not); tests wait for this mark.
      root.dataset.consent = 'ready';
      return;
    }
    let cancelled = false;
    const run = () => {
      if (cancelled) return;
      prepareConsentManager().then(
        () => {
          if (!cancelled) root.dataset.consent = 'ready';
        },
        () => undefined,
      );
    };
    // After the page's own work: what the library applies can wait a moment.
    const idle = window.requestIdleCallback?.(run, { timeout: 1500 });
    const timer = idle === undefined ? window.setTimeout(run, 200) : undefined;
    return () => {
      cancelled = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
    // `path`: every page asks again (the banner rule depends on the page, and a cleared choice shows on the next).
  }, [locale, path, excluded, legalLinks, decided]);

  // The visitor answered the banner on this page: once it has gone, the focus it held starts over at the top.
  const answered = useRef(false);
  useEffect(() => {
    if (!decided || !answered.current) return;
    answered.current = false;
    if (focusLost()) focusPageStart();
  }, [decided]);

  const prepare = useCallback(() => {
    void prepareConsentManager().catch(() => undefined);
  }, []);

  const onAnswer = useCallback((answer: BannerAnswer) => {
    answered.current = true;
    // A failed chunk load (offline for a moment) leaves the banner up; the next click tries again.
    if (answer === 'settings') void openCookieSettings().catch(() => undefined);
    else void answerBanner(answer).catch(() => undefined);
  }, []);

  if (excluded || decided) return null;
  return <ConsentBanner locale={locale} links={legalLinks[locale]} outdated={outdated} onIntent={prepare} onAnswer={onAnswer} />;
}
