/**
 * The header's link to this page in the other language (ADR 068). It keeps what the visitor chose here: the query
 * string (the search string, the exchange's concert, a list's filters or page) and, where the page says how, the
 * part of its address below it (the search's category and page) or other names for its parameters (the
 * programme's filters are named in each language's words).
 *
 * The built HTML links to the other page as it is; the visitor's choices are in the address only in the browser.
 * Script adds them once the page runs and after every render, and again on hover, focus and click, since lists
 * write their filters into the address without a navigation (`history.replaceState`), which renders nothing.
 */
import { Link, navigate } from 'gatsby';
import React, { useEffect, useState, type MouseEvent } from 'react';
import type { Locale } from '../../../contract/locales';

/** The address the visitor is at: a `window.location` or a page's `location`. */
export interface CurrentAddress {
  pathname: string;
  search: string;
}

/** This page in the other language, when it exists. */
export interface Alternate {
  locale: Locale;
  /** The other language's page, as the built HTML links it. */
  url: string;
  /** The other page's address for the visitor's current one; `url` with the current query string when not given. */
  addressFor?: (current: CurrentAddress) => string;
}

/**
 * `url` with the parameters of `search`, those named in `names` renamed (this language's name → the other's). The
 * query string is kept as it was written when nothing is renamed (`?edit` stays `?edit`).
 */
export function withQuery(url: string, search: string, names: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams(search);
  if (![...params.keys()].some((name) => Object.hasOwn(names, name))) return search.length > 1 ? `${url}${search.startsWith('?') ? '' : '?'}${search}` : url;
  const renamed = new URLSearchParams();
  for (const [name, value] of params) renamed.append(Object.hasOwn(names, name) ? names[name] : name, value);
  return `${url}?${renamed.toString()}`;
}

/** The names of parameters in one language mapped to those in the other, key by key (`{ reihe: 'series' }`). */
export function renamedParams<K extends string>(from: Readonly<Record<K, string>>, to: Readonly<Record<K, string>>): Record<string, string> {
  return Object.fromEntries((Object.keys(from) as K[]).map((key) => [from[key], to[key]]));
}

/** Where the switch leads from `current`. */
export const alternateAddress = (alternate: Alternate, current: CurrentAddress): string =>
  alternate.addressFor ? alternate.addressFor(current) : withQuery(alternate.url, current.search);

/** A click the browser would follow in this tab: the main button, no key held (a new tab or window otherwise). */
const followsHere = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

export function LanguageSwitch({ alternate, label }: { alternate: Alternate; label: string }) {
  const [to, setTo] = useState(alternate.url);
  const fresh = () => alternateAddress(alternate, window.location);
  const refresh = () => setTo(fresh());
  // After every render: a navigation within the page (a new search) renders the header again.
  useEffect(refresh);
  return (
    <Link
      to={to}
      className="site-header__lang"
      hrefLang={alternate.locale}
      lang={alternate.locale}
      aria-label={label}
      onPointerEnter={refresh}
      onFocus={refresh}
      onClick={(event) => {
        const target = fresh();
        if (target === to) return;
        // The address changed since the last render: this click follows the new one (the default action reads the
        // attribute after the handlers, so a new tab gets it too).
        event.currentTarget.setAttribute('href', target);
        setTo(target);
        if (!followsHere(event)) return;
        event.preventDefault();
        void navigate(target);
      }}
    >
      {alternate.locale.toUpperCase()}
    </Link>
  );
}
