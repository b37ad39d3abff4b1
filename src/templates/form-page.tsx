import { Link, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import type { FormSummary, PublicForm } from '../../contract/schemas/forms';
import { ConfigurableForm } from '../components/forms/configurable-form';
import { Layout } from '../components/layout/layout';
import { PageHead } from '../components/seo/page-head';
import { locales, type Locale } from '../../contract/locales';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { localeOf } from '../lib/locale-of';

/** What create-form-pages.ts gives: a form page its form, the section the list, each in the page's language. */
interface Context {
  language: string;
  form?: PublicForm;
  forms?: FormSummary[];
}

/** The page's address in a language: the form's own (one slug in every language), else the section's. */
const pathOf = (form: PublicForm | undefined, locale: Locale) => (form ? routePath('forms', locale, { slug: form.slug }) : routePath('forms', locale));

/**
 * `/{locale}/forms/{slug?}` (docs/product.md, Routes): the section, listing the online forms, and one page per online
 * form (ADR 042). The build gives each page its form from the changes feed, so the built HTML holds the whole form,
 * which sends to the content server without script (a POST answered with a page, ADR 072); with script the same
 * form sends as JSON and answers beside its fields (ADR 011).
 */
export default function FormPage({ pageContext }: PageProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const { t } = useTranslation('forms');
  const { form, forms = [] } = pageContext;
  const other: Locale = locale === 'de' ? 'en' : 'de';
  const sectionPath = routePath('forms', locale);
  const path = pathOf(form, locale);
  const breadcrumbs = [
    { text: 'Home', link: routePath('index', locale) },
    { text: t('formsTitle'), link: sectionPath },
    ...(form ? [{ text: form.title, link: path }] : []),
  ];

  return (
    <Layout locale={locale} path={path} breadcrumbs={breadcrumbs} alternate={{ locale: other, url: pathOf(form, other) }}>
      <div className="form-page">
        {form ? (
          <>
            <div className="page-intro">
              <h1 className="page-title">{form.title}</h1>
              {form.intro && <p className="page-lead">{form.intro}</p>}
            </div>
            <ConfigurableForm key={form.id} form={form} locale={locale} />
          </>
        ) : (
          <>
            <div className="page-intro">
              <h1 className="page-title">{t('formsTitle')}</h1>
              <p className="page-lead">{t('formsIntro')}</p>
            </div>
            {forms.length ? (
              <ul className="form-list">
                {forms.map((entry) => (
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
      </div>
    </Layout>
  );
}

const sectionTexts: Record<Locale, { title: string; description: string }> = {
  de: { title: 'Formulare', description: 'Kontakt, Mitgliedsantrag und Abonnement-Bestellung der Konzertfreunde.' },
  en: { title: 'Forms', description: 'Contact, membership application and subscription order of the Konzertfreunde.' },
};

/** A form's page is titled by the form and described by its intro (the section's words when it has none). */
export function Head({ pageContext }: HeadProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const siteUrl = useSiteUrl();
  const { form } = pageContext;
  const section = sectionTexts[locale];
  return (
    <PageHead
      locale={locale}
      path={pathOf(form, locale)}
      siteUrl={siteUrl}
      title={form?.title ?? section.title}
      description={form?.intro || section.description}
      urls={Object.fromEntries(locales.map((lng) => [lng, pathOf(form, lng)]))}
    />
  );
}
