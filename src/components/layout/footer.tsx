import { Link } from 'gatsby';
import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { FooterLink, Settings } from '../../../contract/schemas/content';
import { type Locale, routeTo } from '../../../contract/locales';
import { openCookieSettings } from '../../lib/consent/load-manager';
import { SmartLink } from './smart-link';

interface Props {
  locale: Locale;
  links: readonly FooterLink[];
  settings: Settings | null;
}

export function Footer({ locale, links, settings }: Props) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <a href="#top" className="site-footer__top">
          <span aria-hidden="true">↑</span> {t('scrollToTop')}
        </a>
        <section className="newsletter-teaser" aria-labelledby="newsletter-teaser-title">
          <h2 id="newsletter-teaser-title">{t('newsletterTeaserTitle')}</h2>
          <p>{t('newsletterTeaserText')}</p>
          <Link to={routeTo('newsletter', locale)} className="button button--light">
            {t('newsletterButton')}
          </Link>
        </section>
        <div className="site-footer__columns">
          {settings && (
            // The heading stands outside <address>, which may hold no headings (HTML's content model).
            <div className="site-footer__contact">
              <h2 className="site-footer__heading">{t('contact')}</h2>
              <address>
                <p className="site-footer__address">{settings.address}</p>
                <p>
                  <span className="site-footer__label">{t('phoneHours')}: </span>
                  {settings.phone_hours}
                </p>
                <p>
                  <span className="site-footer__label">{t('phone')}: </span>
                  {/* Non-breaking spaces: a number is never split over two lines. */}
                  <a href={`tel:${settings.phone.replace(/[^+\d]/g, '')}`}>{settings.phone.replace(/\s/g, '\u00a0')}</a>
                </p>
                <p>
                  <span className="site-footer__label">{t('email')}: </span>
                  <a href={`mailto:${settings.info_email}`}>{settings.info_email}</a>
                </p>
              </address>
            </div>
          )}
          <nav className="site-footer__nav" aria-label={t('footerNavigation')}>
            <ul>
              {links.map((link) => (
                <li key={link.url}>
                  <SmartLink to={link.url} newWindow={link.external}>
                    {link.title}
                  </SmartLink>
                </li>
              ))}
              <li>
                <button type="button" className="link-button" onClick={() => void openCookieSettings()}>
                  {t('cookieSettings')}
                </button>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
