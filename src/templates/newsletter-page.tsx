import type { HeadProps, PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { Layout } from '../components/layout/layout';
import { SignupForm } from '../components/newsletter/signup-form';
import { PageHead } from '../components/seo/page-head';
import { locales, type Locale } from '../../contract/locales';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { localeOf } from '../lib/locale-of';

interface Context {
  language: string;
}


/** `/de/newsletter`, `/en/newsletter`: sign-up with double opt-in (ADR 009). */
export default function NewsletterPage({ pageContext }: PageProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const { t } = useTranslation('newsletter');
  const other: Locale = locale === 'de' ? 'en' : 'de';
  return (
    <Layout
      locale={locale}
      path={routePath('newsletter', locale)}
      breadcrumbs={[
        { text: 'Home', link: routePath('index', locale) },
        { text: t('title'), link: routePath('newsletter', locale) },
      ]}
      alternate={{ locale: other, url: routePath('newsletter', other) }}
    >
      <div className="page-intro">
        <h1 className="page-title">{t('title')}</h1>
        <p className="page-lead">{t('intro')}</p>
      </div>
      <SignupForm locale={locale} />
    </Layout>
  );
}

export function Head({ pageContext }: HeadProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const siteUrl = useSiteUrl();
  return (
    <PageHead
      locale={locale}
      path={routePath('newsletter', locale)}
      siteUrl={siteUrl}
      title="Newsletter"
      description={
        locale === 'de'
          ? 'Der Newsletter der Konzertfreunde: Konzerthinweise, Vorverkaufsstarts und Neuigkeiten aus dem Verein.'
          : 'The Konzertfreunde newsletter: concert tips, booking openings and news from the association.'
      }
      urls={Object.fromEntries(locales.map((lng) => [lng, routePath('newsletter', lng)]))}
    />
  );
}

