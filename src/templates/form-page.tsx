import { Link, type HeadProps, type PageProps } from 'gatsby';
import React, { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import type { FormSummary } from '../../contract/schemas/forms';
import { ConfigurableForm } from '../components/forms/configurable-form';
import { formSlugOf, loadForm, loadFormList, type FormLoad } from '../components/forms/form-api';
import { Layout } from '../components/layout/layout';
import { ErrorView } from '../components/page/error-view';
import { PageHead } from '../components/seo/page-head';
import { locales, type Locale } from '../../contract/locales';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { localeOf } from '../lib/locale-of';

interface Context {
  language: string;
}


type View = { state: 'loading' } | FormLoad | { state: 'list'; forms: FormSummary[] };

const siteTitle = 'Konzertfreunde';

/**
 * `/{locale}/forms/{slug?}` (spec §2): the section and one page per online form (ADR 042), all this template. Forms are
 * edited by staff and used interactively, so the page loads the form from `GET /{locale}/api/forms/{slug}/` in
 * the browser (ADR 011). The prebuilt HTML is the loading state, the same for every slug, so hydration matches;
 * the slug is read once mounted. Without a slug the page lists the online forms; an unknown slug shows the 404 view.
 */
export default function FormPage({ pageContext, location }: PageProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const { t } = useTranslation('forms');
  const other: Locale = locale === 'de' ? 'en' : 'de';
  // undefined until mounted: the server rendered the section's path, whatever the address.
  const [slug, setSlug] = useState<string | null>();
  const [view, setView] = useState<View>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setSlug(formSlugOf(location.pathname, locale)), [location.pathname, locale]);

  useEffect(() => {
    if (slug === undefined) return;
    const controller = new AbortController();
    setView({ state: 'loading' });
    const load = slug
      ? loadForm(locale, slug, controller.signal)
      : loadFormList(locale, controller.signal).then((forms): View => (forms ? { state: 'list', forms } : { state: 'failed' }));
    load.then(setView, (error: Error) => {
      if (error.name !== 'AbortError') setView({ state: 'failed' });
    });
    return () => controller.abort();
  }, [slug, locale, attempt]);

  const form = view.state === 'ready' ? view.form : undefined;
  useEffect(() => {
    if (form) document.title = `${form.title} | ${siteTitle}`;
  }, [form]);

  const sectionPath = routePath('forms', locale);
  const path = slug ? routePath('forms', locale, { slug }) : sectionPath;
  const breadcrumbs = [
    { text: 'Home', link: routePath('index', locale) },
    { text: t('formsTitle'), link: sectionPath },
    ...(form ? [{ text: form.title, link: path }] : []),
  ];

  if (view.state === 'missing') {
    return (
      <Layout locale={locale} path={path}>
        <ErrorView status={404} locale={locale} />
      </Layout>
    );
  }

  return (
    <Layout
      locale={locale}
      path={path}
      breadcrumbs={breadcrumbs}
      alternate={{ locale: other, url: slug ? routePath('forms', other, { slug }) : routePath('forms', other) }}
    >
      <div className="form-page">
        {view.state === 'loading' && (
          <p className="form-page__status" role="status">
            {t('loading')}
          </p>
        )}
        {view.state === 'failed' && (
          <div className="form-page__status" role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </button>
          </div>
        )}
        {view.state === 'list' && (
          <>
            <div className="page-intro">
              <h1 className="page-title">{t('formsTitle')}</h1>
              <p className="page-lead">{t('formsIntro')}</p>
            </div>
            {view.forms.length ? (
              <ul className="form-list">
                {view.forms.map((entry) => (
                  <li key={entry.id} className="form-list__item">
                    <Link to={routePath('forms', locale, { slug: entry.slug })} className="form-list__link">
                      {entry.title}
                    </Link>
                    {entry.intro && <p>{entry.intro}</p>}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('noForms')}</p>
            )}
          </>
        )}
        {form && (
          <>
            <div className="page-intro">
              <h1 className="page-title">{form.title}</h1>
              {form.intro && <p className="page-lead">{form.intro}</p>}
            </div>
            <ConfigurableForm key={form.id} form={form} locale={locale} />
          </>
        )}
      </div>
    </Layout>
  );
}

export function Head({ pageContext, location }: HeadProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const siteUrl = useSiteUrl();
  const slug = formSlugOf(location.pathname, locale);
  return (
    <PageHead
      locale={locale}
      path={slug ? routePath('forms', locale, { slug }) : routePath('forms', locale)}
      siteUrl={siteUrl}
      title={locale === 'de' ? 'Formulare' : 'Forms'}
      description={
        locale === 'de'
          ? 'Kontakt, Mitgliedsantrag und Abonnement-Bestellung der Konzertfreunde.'
          : 'Contact, membership application and subscription order of the Konzertfreunde.'
      }
      urls={Object.fromEntries(locales.map((lng) => [lng, slug ? routePath('forms', lng, { slug }) : routePath('forms', lng)]))}
    />
  );
}

