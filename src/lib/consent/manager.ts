/**
 * The cookie manager (vanilla-cookieconsent v3): the stored choice, the settings dialog, blocking of the tag
 * manager's scripts, clearing of a withdrawn category's cookies and the consent log. Its own chunk, loaded only
 * when needed by ./load-manager.ts; it passes every choice on to ./store.ts, which the embeds and the banner read.
 *
 * The banner (the first layer) is ours and rendered with the page (ADR 041): the library's own is never shown. The
 * banner rules of docs/product.md, Routes (every page while no choice exists for the current revision, except the
 * imprint and privacy pages; after clearing there, on the next page) follow from the store in ConsentManager.
 */
import * as CookieConsent from 'vanilla-cookieconsent';
// The library's stylesheet as text (see gatsby-node's webpack rule): it must not join the stylesheet every
// visitor loads with the page, so it arrives with this chunk and is added when the manager starts.
import baseStyles from 'vanilla-cookieconsent/dist/cookieconsent.css?source';
import type { Locale } from '../../../contract/locales';
import { postJson } from '../api-client';
import { CONSENT_COOKIE, CONSENT_DAYS, CONSENT_REVISION, type LegalLinks } from './categories';
import { type ConsentCategory } from '../../../contract/consent';
import { setConsent } from './store';
import { CLEAR_ATTRIBUTE, consentTexts, ID_ATTRIBUTE, noConsentYet } from './texts';

export interface ConsentPage {
  locale: Locale;
  /** The imprint or privacy page: no banner here. */
  excluded: boolean;
  links: Record<Locale, LegalLinks>;
}

type LogAction = 'first' | 'change' | 'withdraw';

/** Cookies the tag manager's usual services set on our domain; cleared when tracking is withdrawn. */
const trackingCookies: CookieConsent.CookieItem[] = [{ name: /^_ga/ }, { name: '_gid' }, { name: /^_gcl_/ }, { name: /^_fbp$/ }];

let page: ConsentPage | null = null;
let running: Promise<void> | null = null;

/** The proof of consent: id, categories, revision and time (the server adds the time); nothing else. */
function log(action: LogAction, consentId: string | undefined, categories: readonly string[]): void {
  if (!consentId || !page) return;
  // Anonymous, so without cookies or CSRF token; the visitor may leave the page right after choosing: it still goes out.
  void postJson(`/${page.locale}/api/consent/`, { consent_id: consentId, categories, revision: CONSENT_REVISION, action }, { csrf: false, keepalive: true });
}

function addStyles(): void {
  if (document.getElementById('kf-consent-styles')) return;
  const style = document.createElement('style');
  style.id = 'kf-consent-styles';
  style.textContent = baseStyles;
  // Before our own stylesheet, so the site's theme (global.css, `#cc-main`) wins over the library's defaults.
  document.head.prepend(style);
}

function showConsentId(modal: HTMLElement): void {
  const slot = modal.querySelector(`[${ID_ATTRIBUTE}]`);
  if (!slot || !page) return;
  slot.textContent = (CookieConsent.validConsent() && CookieConsent.getCookie('consentId')) || noConsentYet[page.locale];
}

function config(current: ConsentPage): CookieConsent.CookieConsentConfig {
  return {
    revision: CONSENT_REVISION,
    // The first layer is our banner (ADR 041); the library keeps the choice and shows the settings.
    autoShow: false,
    // The library hides itself from browsers driven by automation; our end-to-end tests are such browsers, and a
    // crawler that sees the banner loses nothing.
    hideFromBots: false,
    disablePageInteraction: false,
    cookie: {
      name: CONSENT_COOKIE,
      sameSite: 'Lax',
      secure: window.location.protocol === 'https:',
      expiresAfterDays: (acceptType) => (acceptType === 'necessary' ? CONSENT_DAYS.necessaryOnly : CONSENT_DAYS.accepted),
    },
    guiOptions: {
      consentModal: { layout: 'box wide', position: 'bottom left', equalWeightButtons: true, flipButtons: false },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      required: { enabled: true, readOnly: true },
      // Scripts marked `data-category="tracking"` (gatsby-ssr: the tag manager) run only once this is accepted.
      // A script that ran cannot be unloaded: withdrawing reloads the page after clearing its cookies.
      tracking: { autoClear: { cookies: trackingCookies, reloadPage: true } },
      // Embeds are iframes on the providers' own hosts: they set no cookie on ours. Withdrawing removes them
      // (the store counts the withdrawal; see EmbedPlaceholder).
      media: {},
      // Present so the choice is on record; no service uses it yet.
      marketing: {},
    },
    language: {
      default: current.locale,
      translations: { de: () => consentTexts.de(current.links.de), en: () => consentTexts.en(current.links.en) },
    },
    onFirstConsent: ({ cookie }) => log('first', cookie.consentId, cookie.categories),
    onConsent: ({ cookie }) => setConsent(true, cookie.categories),
    onChange: ({ cookie }) => {
      setConsent(true, cookie.categories);
      log('change', cookie.consentId, cookie.categories);
    },
    onModalReady: ({ modalName, modal }) => {
      if (modalName === 'preferencesModal') showConsentId(modal);
    },
    onModalHide: ({ modalName }) => {
      if (modalName === 'preferencesModal') restoreFocus();
    },
    onModalShow: ({ modalName }) => {
      const modal = document.querySelector<HTMLElement>('#cc-main .pm');
      if (modalName === 'preferencesModal' && modal) showConsentId(modal);
    },
  };
}

async function start(current: ConsentPage): Promise<void> {
  addStyles();
  await CookieConsent.run(config(current));
  if (!CookieConsent.validConsent()) setConsent(false, []);
}

/**
 * Takes the choice back entirely: every category's cookies are cleared, the consent cookie is deleted, the
 * withdrawal is logged under the old consent id, and the manager starts afresh (the store is undecided again, so the
 * banner shows, except on an excluded page; there it appears on the next page).
 */
async function clearConsent(): Promise<void> {
  if (!page) return;
  const hadTracking = CookieConsent.acceptedCategory('tracking');
  const consentId = CookieConsent.validConsent() ? CookieConsent.getCookie('consentId') : undefined;
  CookieConsent.eraseCookies(trackingCookies.map((cookie) => cookie.name));
  CookieConsent.reset(true);
  setConsent(false, []);
  log('withdraw', consentId, ['required']);
  if (hadTracking) {
    window.location.reload();
    return;
  }
  running = start(page);
  await running;
}

function onDocumentClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest(`[${CLEAR_ATTRIBUTE}]`) : null;
  if (!target) return;
  event.preventDefault();
  CookieConsent.hidePreferences();
  void clearConsent();
}

/**
 * Called for every page while the manager is in use. Starts it once; later pages switch its language (the settings
 * dialog's texts and links).
 */
export async function showPage(next: ConsentPage): Promise<void> {
  const current = page;
  page = next;
  if (current === null) {
    document.addEventListener('click', onDocumentClick);
    running = start(next);
    await running;
    return;
  }
  await running;
  if (current.locale !== next.locale) await CookieConsent.setLanguage(next.locale, true);
}

/** The banner's "accept all" or "reject all" (only the required category). */
export function answer(choice: 'all' | 'necessary'): void {
  CookieConsent.acceptCategory(choice === 'all' ? 'all' : []);
}

/** Where focus was when the settings were opened from the page; it goes back there when they close. */
let openedFrom: HTMLElement | null = null;

function restoreFocus(): void {
  const target = openedFrom;
  openedFrom = null;
  if (!target?.isConnected) return;
  // After the library's own hide has run, and again after the focus it schedules 100 ms after opening (which lands
  // in the closed dialog when the visitor closes it at once): focus left in the dialog or dropped to the body goes
  // back to what opened it. Focus the visitor has moved elsewhere meanwhile stays.
  const settle = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('#cc-main')) target.focus();
  };
  window.setTimeout(settle, 0);
  window.setTimeout(settle, 150);
}

/** The footer's "cookie settings" link. */
export async function showSettings(): Promise<void> {
  const active = document.activeElement;
  await running;
  openedFrom = active instanceof HTMLElement && active !== document.body ? active : null;
  CookieConsent.showPreferences();
}

/** Adds one category to what the visitor allowed (an embed's "always load" button). */
export async function allow(category: ConsentCategory): Promise<void> {
  await running;
  const accepted = CookieConsent.validConsent() ? CookieConsent.getUserPreferences().acceptedCategories : [];
  // Answered from an embed while the banner was still asking: that was the visitor's choice, and the banner goes
  // with the undecided state.
  CookieConsent.acceptCategory([...new Set([...accepted, 'required', category])]);
}
