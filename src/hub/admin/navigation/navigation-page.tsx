/**
 * `/cms-hub/navigation` (every staff member): the site's main menu and footer links, one language at a time (`?locale=en`),
 * chosen with links; saving one replaces that language's navigation, and the publish queue rebuilds every page.
 * Unsaved changes of a language are kept while another one is edited (the link marks them), and leaving the hub
 * with any asks first.
 */
import { Link } from 'gatsby';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { useStyleElement } from '../../../staff/style-element';
import { useHub } from '../../hub-context';
import { PageHeading } from '../../page-heading';
import { hubPaths } from '../../routes';
import { texts } from '../../texts';
import { useHubRead } from '../../use-hub-read';
import { adminApi, type NavLocale } from '../admin-api';
import { adminTexts as t } from '../admin-texts';
import type { EditNavigation } from './nav-model';
import { NavigationEditor } from './navigation-editor';
import { refusalText } from '../../../staff/refusal-texts';

import { locales } from '../../../../contract/locales';
import { hubLanguage } from '../../hub-language';

const css = `
.kfh-nav-list { list-style: none; margin: 0 0 var(--space-3); padding: 0; }
.kfh-nav-list > li { margin: 0 0 var(--space-2); }
.kfh-nav-children { margin-top: var(--space-3) !important; background: var(--color-surface); }
.kfh-nav-fields { display: grid; gap: 0 var(--space-3); grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); align-items: start; }
.kfh-languages ul { display: flex; gap: var(--space-3); list-style: none; margin: 0 0 var(--space-3); padding: 0; }
.kfh-languages a[aria-current='page'] { font-weight: 700; }
`;

export function NavigationPage() {
  useStyleElement('kf-hub-navigation-styles', css);
  const { location } = useHub();
  const asked = new URLSearchParams(location.search).get('locale');
  const locale: NavLocale = asked === 'en' ? 'en' : 'de';
  const [read] = useHubRead(`navigation:${locale}`, (signal) => adminApi.navigation.read(locale, signal));
  const drafts = useRef<Partial<Record<NavLocale, EditNavigation>>>({});
  const [unsaved, setUnsaved] = useState<readonly NavLocale[]>([]);
  const onDraft = useCallback(
    (values: EditNavigation | undefined) => {
      if (values) drafts.current[locale] = values;
      else delete drafts.current[locale];
      const now = locales.filter((entry) => drafts.current[entry]);
      setUnsaved((before) => (before.join() === now.join() ? before : now));
    },
    [locale],
  );
  useEffect(() => {
    if (unsaved.length === 0) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return (
    <>
      <PageHeading title={t.navigation} />
      <p>{t.navigationIntro}</p>
      <nav className="kfh-languages" aria-label={t.languageSwitch}>
        <ul>
          {locales.map((entry) => (
            <li key={entry}>
              <Link to={hubPaths.section('navigation', entry === 'de' ? '' : `?locale=${entry}`)} aria-current={entry === locale ? 'page' : undefined} lang="de">
                {t.languageOf(texts.languages[entry])}
                {unsaved.includes(entry) && ` (${t.navigationUnsaved})`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {read.state === 'done' && read.result.ok && (
        <NavigationEditor key={locale} locale={locale} navigation={read.result.data} draft={drafts.current[locale]} onDraft={onDraft} />
      )}
    </>
  );
}
