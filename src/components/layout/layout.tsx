import React, { type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Breadcrumb } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';
import { ConsentManager } from '../consent/consent-manager';
import { EditorGate, EditorHeaderSlot } from '../editor-gate/editor-gate';
import type { EditTarget } from '../editor-gate/editor-slots';
import { Breadcrumbs } from './breadcrumbs';
import { Footer } from './footer';
import { Header } from './header';
import type { Alternate } from './language-switch';
import { useSiteChrome } from './use-site-chrome';

interface Props {
  locale: Locale;
  path: string;
  children: ReactNode;
  breadcrumbs?: readonly Breadcrumb[];
  isHome?: boolean;
  transparentHeader?: boolean;
  /** The same page in the other language, when it exists (./language-switch.tsx: what the switch keeps). */
  alternate?: Alternate;
  /** Lets the page's first block run under the header, edge to edge (an article's lead image). */
  fullBleed?: boolean;
  /** The record this page shows, for the editor header's admin link (edit mode only). */
  editTarget?: EditTarget;
}

/** Page chrome (docs/product.md, Layout): skip link, cookie manager, header, main area with its anchor, footer. */
export function Layout({ locale, path, children, breadcrumbs, isHome = false, transparentHeader, alternate, fullBleed = false, editTarget }: Props) {
  const { t } = useTranslation();
  const { menu, footer, settings, legalLinks } = useSiteChrome(locale);
  return (
    <EditorGate locale={locale} path={path} target={editTarget}>
      <div className={`site${isHome ? ' site--home' : ''}`} id="top">
        <a href="#main-content" className="skip-link">
          {t('skipToContent')}
        </a>
        <ConsentManager locale={locale} path={path} legalLinks={legalLinks} />
        <EditorHeaderSlot />
        <Header
          locale={locale}
          items={menu}
          currentPath={path}
          isHome={isHome}
          transparent={transparentHeader ?? isHome}
          alternate={alternate}
        />
        <main id="main-content" tabIndex={-1} className={`site-main page-enter${fullBleed ? ' site-main--full-bleed' : ''}`}>
          {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
          {children}
        </main>
        <Footer locale={locale} links={footer} settings={settings} />
      </div>
    </EditorGate>
  );
}
