import React, { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Locale } from '../../../contract/locales';
import { maxQueryLength, searchAnswerPath } from '../../../contract/search-rules';

const HeaderSearch = lazy(() => import('./header-search'));
/** Starts loading the field's code when the pointer or focus comes to the button, before the click. */
const preload = () => void import('./header-search');

const SearchIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
    <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * The header's entry to the search: a button that shows a search field with suggestions below the header (a
 * disclosure). Escape in the field, the button again or a press outside closes it; Escape and closing by the
 * button give focus back to the button. Without script the button can do nothing, so a plain GET form beside it
 * sends the string to the content server, which answers with the results (ADR 073).
 */
export function HeaderSearchButton({ locale }: { locale: Locale }) {
  const { t } = useTranslation('search');
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="site-header__search"
        aria-expanded={open}
        aria-controls="header-search"
        onClick={() => setOpen((was) => !was)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <SearchIcon />
        <span className="visually-hidden">{t('openSearch')}</span>
      </button>
      <noscript>
        <form role="search" aria-label={t('formLabel')} className="header-search-static" method="get" action={searchAnswerPath(locale)}>
          <label htmlFor="header-search-static" className="visually-hidden">
            {t('fieldLabel')}
          </label>
          <input id="header-search-static" name="query" type="search" maxLength={maxQueryLength} required className="header-search-static__input" />
          <button type="submit" className="site-header__search">
            <SearchIcon />
            <span className="visually-hidden">{t('submit')}</span>
          </button>
        </form>
      </noscript>
      <div id="header-search" ref={panelRef} className="header-search" hidden={!open}>
        {open && (
          <Suspense fallback={<p className="header-search__loading">{t('loadingField')}</p>}>
            <HeaderSearch locale={locale} onClose={close} />
          </Suspense>
        )}
      </div>
    </>
  );
}
