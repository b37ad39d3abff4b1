import { Link } from 'gatsby';
import React, { useCallback, useRef, useState } from 'react';
import { signetStrokes } from '../../lib/brand';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { NavItem } from '../../../contract/schemas/content';
import { useHeaderState } from '../../lib/hooks/use-header-state';
import { useMenuFits } from '../../lib/hooks/use-menu-fits';
import { useHeroPlaying } from '../../lib/motion/hero-state';
import type { Locale } from '../../../contract/locales';
import { routeTo } from '../../../contract/locales';
import { HeaderSearchButton } from '../search/header-search-button';
import { BurgerMenu } from './burger-menu';
import { LanguageSwitch, type Alternate } from './language-switch';
import { SmartLink } from './smart-link';

interface Props {
  locale: Locale;
  items: NavItem[];
  currentPath: string;
  isHome: boolean;
  transparent: boolean;
  /** The same page in the other language, when it exists. */
  alternate?: Alternate;
}

export function Header({ locale, items, currentPath, isHome, transparent, alternate }: Props) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [hovering, setHovering] = useState(false);
  const { hidden, sticky } = useHeaderState(isHome, menuOpen);
  const close = useCallback(() => setMenuOpen(false), []);
  // Hero: while the home signet draws itself the header stays in view and its own signet waits (layout.css).
  const hero = useHeroPlaying() && isHome;
  const isHidden = hidden && !hovering && !menuOpen && !hero;
  const isTransparent = transparent && !sticky && !menuOpen;
  const row = useRef<HTMLDivElement>(null);
  const desktopMenu = useRef<HTMLElement>(null);
  const menuFits = useMenuFits(row, desktopMenu);

  return (
    <header
      className="site-header"
      data-hidden={isHidden}
      data-sticky={sticky}
      data-transparent={isTransparent}
      data-hero={hero}
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
      onFocus={() => setHovering(true)}
      onBlur={() => setHovering(false)}
    >
      <div className="site-header__inner" ref={row}>
        <Link to={routeTo('index', locale)} className="site-header__logo" aria-label={t('logoLabel')}>
          {/* The association's signet, as the home hero draws it and the site icons show it (ADR 075). */}
          <svg aria-hidden="true" viewBox="0 0 100 100" width="40" height="40" className="site-header__signet">
            {signetStrokes.map((d) => (
              <path key={d} d={d} fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
            ))}
          </svg>
          <span className="site-header__name">{t('siteName')}</span>
        </Link>
        <nav className="site-header__desktop" aria-label={t('mainNavigation')} ref={desktopMenu} data-fits={menuFits}>
          <ul>
            {items
              .filter((item) => item.is_highlight)
              .map((item) => (
                <li key={item.url} className="desktop-nav__item">
                  <SmartLink
                    to={item.url}
                    className="desktop-nav__link"
                    aria-current={currentPath === item.url ? 'page' : undefined}
                  >
                    {item.title}
                  </SmartLink>
                  {item.children.length > 0 && (
                    <ul className="desktop-nav__submenu">
                      {item.children.map((child) => (
                        <li key={child.url}>
                          <SmartLink to={child.url} className="desktop-nav__sublink">
                            {child.title}
                          </SmartLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <HeaderSearchButton locale={locale} />
          {alternate && <LanguageSwitch alternate={alternate} label={t('switchToLanguageLabel')} />}
          <button
            type="button"
            className="site-header__burger"
            aria-expanded={menuOpen}
            aria-controls="burger-menu"
            onClick={() => setMenuOpen(true)}
          >
            <span className="burger-icon" aria-hidden="true" />
            <span className="visually-hidden">{t('openMenu')}</span>
          </button>
        </div>
      </div>
      <BurgerMenu open={menuOpen} onClose={close} items={items} currentPath={currentPath} />
    </header>
  );
}
