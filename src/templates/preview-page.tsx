/**
 * The page a preview link opens (ADR 084): `/de/vorschau/<token>/` and `/en/preview/<token>/`, built once per
 * language at the bare address (gatsby/create-preview-pages.ts) and answered by the content server only for a token
 * that opens a preview. Its script reads the preview's call (`/{locale}/api/preview/<token>/`) and shows the
 * record's title and sections as visitors will see them, under a banner that says it is not published and until
 * when the link holds. A template of its own: this code is a chunk no visitor's page loads, and its words live here,
 * not in the visitors' translations.
 *
 * For a token that opens nothing the content server answers the site's 404 page at the same address; the browser
 * still starts this template there (its match path covers the address), so it first looks whether the document is
 * the preview page (the `data-kf-preview-shell` mark) and, when it is not, renders the 404 page itself, as built.
 */
import type { HeadProps, PageProps } from 'gatsby';
import React, { useEffect, useState } from 'react';
import { Layout } from '../components/layout/layout';
import { StaticContainer } from '../components/modules/container-renderer';
import { documentTitle } from '../components/seo/head-texts';
import { localeOf } from '../lib/locale-of';
import type { Locale } from '../../contract/locales';
import { formatMoment } from '../../contract/event-format';
import { previewApiPath, previewPaths, previewTokenOf } from '../../contract/preview-links';
import type { PreviewAnswer } from '../../contract/schemas/preview-links';
import NotFoundPage, { Head as NotFoundHead } from './not-found-page';

interface Context {
  language?: string;
}

const texts: Record<Locale, { banner: (until: string) => string; loading: string; failed: string; noScript: string; title: string }> = {
  de: {
    banner: (until) => `Vorschau – nicht veröffentlicht, gültig bis ${until} Uhr`,
    loading: 'Die Vorschau wird geladen …',
    failed: 'Die Vorschau ließ sich nicht laden. Bitte laden Sie die Seite neu.',
    noScript: 'Diese Vorschau braucht JavaScript. Bitte schalten Sie es für diese Seite ein.',
    title: 'Vorschau',
  },
  en: {
    banner: (until) => `Preview – not published, valid until ${until}`,
    loading: 'Loading the preview …',
    failed: 'The preview could not be loaded. Please reload the page.',
    noScript: 'This preview needs JavaScript. Please turn it on for this page.',
    title: 'Preview',
  },
};

/** Marks the built preview page, so the script can tell it from the 404 page answered at the same address. */
const shellMark = 'data-kf-preview-shell';
const isNotFoundDocument = () => typeof document !== 'undefined' && document.querySelector(`[${shellMark}]`) === null;

type State = { name: 'loading' } | { name: 'ready'; preview: PreviewAnswer } | { name: 'not-found' } | { name: 'failed' };

const bannerStyle: React.CSSProperties = {
  background: '#7a1f1f',
  color: '#fff',
  padding: '0.75rem 1rem',
  margin: '0 0 1.5rem',
  fontWeight: 600,
  textAlign: 'center',
};

export default function PreviewPage(props: PageProps<unknown, Context>) {
  const { pageContext, location } = props;
  const locale = localeOf(pageContext);
  const t = texts[locale];
  // Read while the document is still the server's (hydration changes nothing before it commits).
  const [state, setState] = useState<State>(() => (isNotFoundDocument() ? { name: 'not-found' } : { name: 'loading' }));

  useEffect(() => {
    if (state.name !== 'loading') return undefined;
    const address = previewTokenOf(location.pathname);
    if (!address || address.locale !== locale) {
      setState({ name: 'not-found' });
      return undefined;
    }
    const controller = new AbortController();
    fetch(previewApiPath(locale, address.token), { signal: controller.signal, headers: { accept: 'application/json' }, referrerPolicy: 'no-referrer' })
      .then(async (response) => {
        if (response.status === 404) return setState({ name: 'not-found' });
        if (!response.ok) return setState({ name: 'failed' });
        setState({ name: 'ready', preview: (await response.json()) as PreviewAnswer });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error('preview could not be loaded', error);
          setState({ name: 'failed' });
        }
      });
    return () => controller.abort();
    // Once per address: the state only leaves `loading`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, location.pathname]);

  if (state.name === 'not-found') return <NotFoundPage {...props} />;
  return (
    <Layout locale={locale} path={previewPaths[locale]}>
      <div {...{ [shellMark]: '' }}>
        <noscript>
          <p role="alert" style={bannerStyle}>
            {t.noScript}
          </p>
        </noscript>
        {state.name === 'loading' && <p role="status">{t.loading}</p>}
        {state.name === 'failed' && <p role="alert">{t.failed}</p>}
        {state.name === 'ready' && (
          <>
            <p role="status" style={bannerStyle} data-testid="preview-banner">
              {t.banner(formatMoment(state.preview.expires_at, locale))}
            </p>
            <div className="page-intro">
              <h1 className="page-title">{state.preview.title}</h1>
            </div>
            {state.preview.sections.map((container) => (
              <StaticContainer key={container.id} container={container} />
            ))}
          </>
        )}
      </div>
    </Layout>
  );
}

export function Head(props: HeadProps<unknown, Context>) {
  if (isNotFoundDocument()) return <NotFoundHead {...props} />;
  const locale = localeOf(props.pageContext);
  return (
    <>
      <html lang={locale} />
      <title>{documentTitle(texts[locale].title)}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}
