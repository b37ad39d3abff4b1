/**
 * The hub's own layout (docs/product.md, Routes: not the site's header and footer): skip link, a header with the site's
 * name, the one search (ADR 089), the user and logout, the sections of `admin_menus`, and the main area.
 */
import { Link } from 'gatsby';
import React, { type ReactNode } from 'react';
import { adminMenuTitle } from '../../contract/admin-menus';
import type { HubUser } from './api';
import { hubLanguage } from './hub-language';
import { hubPaths, hubRoute } from './routes';
import { HubSearchField } from './search/hub-search-field';
import { searchedText } from './search/search-page';
import { texts } from './texts';

interface Props {
  user: HubUser | null;
  pathname: string;
  /** The address's query: on the search screen, the field shows the text searched for. */
  search: string;
  onLogout: () => void;
  loggingOut: boolean;
  children: ReactNode;
}

/** The nav entry the current address belongs to: its own section, or the overview for the hub's root. */
const isCurrent = (href: string, pathname: string) =>
  href === hubPaths.dashboard ? pathname.replace(/\/$/, '') === href : pathname === href || pathname.startsWith(`${href}/`);

export function HubLayout({ user, pathname, search, onLogout, loggingOut, children }: Props) {
  // The page's `lang` follows the same language, set where it is chosen (index.tsx, ADR 061).
  const language = hubLanguage();
  const entries = user
    ? [{ key: '', title: texts.dashboard, href: hubPaths.dashboard }, ...user.admin_menus.map((menu) => ({ key: menu.key, title: adminMenuTitle(menu.key, language) ?? menu.title, href: hubPaths.section(menu.key) }))]
    : [];
  return (
    <div className={`kfh${user ? ' kfh--in' : ''}`}>
      <a className="skip-link" href="#hub-main">
        {texts.skipLink}
      </a>
      <header className="kfh-header">
        <p className="kfh-brand">
          <Link to={hubPaths.dashboard}>
            {texts.siteName} · {texts.hubName}
          </Link>
        </p>
        {user && <HubSearchField current={hubRoute(pathname).name === 'search' ? searchedText(search) : ''} />}
        <div className="kfh-user">
          {user && <span>{texts.loggedInAs(user.username)}</span>}
          <a href={`/${language}`}>{texts.toWebsite}</a>
          {user && (
            <button type="button" className="kfe-button kfe-button--secondary" onClick={onLogout} disabled={loggingOut}>
              {texts.logout}
            </button>
          )}
        </div>
      </header>
      {user && (
        <nav className="kfh-nav" aria-label={texts.navLabel}>
          <ul>
            {entries.map((entry) => (
              <li key={entry.key}>
                <Link to={entry.href} aria-current={isCurrent(entry.href, pathname) ? 'page' : undefined}>
                  {entry.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main id="hub-main" className="kfh-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
