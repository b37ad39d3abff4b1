import { randomUUID } from 'node:crypto';
import { CONSENT_COOKIE, CONSENT_REVISION } from '../../src/lib/consent/categories';
import { consentCategories } from '../../contract/consent';

/**
 * A stored cookie choice, as the cookie manager writes it: `categories` allowed at `revision` (the current one
 * unless given). Tests of anything but the banner start with one ("necessary only"), so the banner stays away;
 * bench:script's returning visitor has one too.
 */
export function consentCookie(baseURL: string, categories: string[] = ['required'], revision = CONSENT_REVISION) {
  const now = new Date();
  const value = {
    categories,
    revision,
    data: null,
    consentTimestamp: now.toISOString(),
    consentId: randomUUID(),
    services: Object.fromEntries(consentCategories.map((category) => [category, []])),
    languageCode: 'de',
    lastConsentTimestamp: now.toISOString(),
    expirationTime: now.getTime() + 182 * 86_400_000,
  };
  return { name: CONSENT_COOKIE, value: encodeURIComponent(JSON.stringify(value)), url: baseURL };
}

