/**
 * The banner is in every page's HTML (ADR 041); a visitor who has chosen must not see it flash before React has
 * read the cookie. This script runs in the head, before the body is painted, and marks the document when the
 * consent cookie holds a choice for the current revision; global.css hides the banner under that mark.
 */
import { CONSENT_COOKIE, CONSENT_REVISION } from './categories';

export const STORED_CONSENT_CLASS = 'kf-consent-stored';

export function storedConsentScript(): string {
  // Plain ES5 and no imports: it runs before any bundle, and its hash goes into the page's CSP (gatsby/csp-meta.ts).
  return (
    `(function(){try{var m=document.cookie.match(/(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)/);` +
    `var v=m&&JSON.parse(decodeURIComponent(m[1]));` +
    `if(v&&v.revision===${CONSENT_REVISION}&&Array.isArray(v.categories))document.documentElement.classList.add('${STORED_CONSENT_CLASS}')}catch(e){}})();`
  );
}
