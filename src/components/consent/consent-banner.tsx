import { Link } from 'gatsby';
import React from 'react';
import { bannerTexts } from '../../lib/consent/banner-texts';
import type { LegalLinks } from '../../lib/consent/categories';
import type { Locale } from '../../../contract/locales';

export type BannerAnswer = 'all' | 'necessary' | 'settings';

interface Props {
  locale: Locale;
  links: LegalLinks;
  /** The stored choice is for an older revision: say why we ask again. */
  outdated: boolean;
  /** The visitor turns to the banner (pointer over it, focus in it, a touch): time to fetch the library. */
  onIntent: () => void;
  onAnswer: (answer: BannerAnswer) => void;
}

/**
 * The cookie banner's first layer (docs/product.md, Routes; ADR 041). Ours rather than the library's, so it is in the
 * built HTML and painted with the page instead of appearing, as the largest element, once the cookie manager's chunk
 * has run. A non-modal dialog: the page stays usable behind it. The three answers weigh the same (no nudging).
 */
export function ConsentBanner({ locale, links, outdated, onIntent, onAnswer }: Props) {
  const words = bannerTexts[locale];
  return (
    <div
      className="consent-banner"
      role="dialog"
      aria-labelledby="kf-consent-title"
      aria-describedby="kf-consent-text"
      lang={locale}
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
      onFocus={onIntent}
    >
      <h2 id="kf-consent-title" className="consent-banner__title">
        {words.title}
      </h2>
      <p id="kf-consent-text" className="consent-banner__text">
        {words.description}
        {outdated && (
          <>
            {' '}
            <strong>{words.revisionMessage}</strong>
          </>
        )}
      </p>
      <div className="consent-banner__actions">
        <button type="button" className="consent-banner__button" onClick={() => onAnswer('all')}>
          {words.acceptAll}
        </button>
        <button type="button" className="consent-banner__button" onClick={() => onAnswer('necessary')}>
          {words.acceptNecessary}
        </button>
        <button type="button" className="consent-banner__button" aria-haspopup="dialog" onClick={() => onAnswer('settings')}>
          {words.settings}
        </button>
      </div>
      {(links.privacy || links.imprint) && (
        <p className="consent-banner__links">
          {links.privacy && <Link to={links.privacy}>{words.privacy}</Link>}
          {links.imprint && <Link to={links.imprint}>{words.imprint}</Link>}
        </p>
      )}
    </div>
  );
}
