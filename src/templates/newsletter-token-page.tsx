import type { HeadProps, PageProps } from 'gatsby';
import React from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { Layout } from '../components/layout/layout';
import { TokenActionView, type TokenAction } from '../components/newsletter/token-action';
import { PageHead } from '../components/seo/page-head';
import type { Locale } from '../../contract/locales';
import { routePath } from '../lib/route-path';
import { useSiteUrl } from '../lib/site-url';
import { unlistedRoutes } from '../lib/unlisted-routes';
import { localeOf } from '../lib/locale-of';

interface Context {
  language: string;
  action: TokenAction;
}

const routeOf = (action: TokenAction) => (action === 'confirm' ? 'newsletter-confirm' : 'newsletter-unsubscribe');

/**
 * `/de/newsletter/bestaetigen` and `/de/newsletter/abmelden` (English: `/en/newsletter/confirm`,
 * `/en/newsletter/unsubscribe`): where the links in the newsletter mails lead.
 */
export default function NewsletterTokenPage({ pageContext }: PageProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const { action } = pageContext;
  const { t } = useTranslation('newsletter');
  const other: Locale = locale === 'de' ? 'en' : 'de';
  const title = t(action === 'confirm' ? 'confirmTitle' : 'unsubscribeTitle');
  return (
    <Layout
      locale={locale}
      path={routePath(routeOf(action), locale)}
      breadcrumbs={[
        { text: 'Home', link: routePath('index', locale) },
        { text: t('title'), link: routePath('newsletter', locale) },
        { text: title, link: routePath(routeOf(action), locale) },
      ]}
      alternate={{ locale: other, url: routePath(routeOf(action), other) }}
    >
      <div className="page-intro">
        <h1 className="page-title">{title}</h1>
      </div>
      <TokenActionView action={action} locale={locale} />
    </Layout>
  );
}

export function Head({ pageContext }: HeadProps<unknown, Context>) {
  const locale = localeOf(pageContext);
  const siteUrl = useSiteUrl();
  const titles = {
    confirm: { de: 'Newsletter-Anmeldung bestätigen', en: 'Confirm newsletter sign-up' },
    unsubscribe: { de: 'Newsletter abbestellen', en: 'Unsubscribe from the newsletter' },
  };
  const route = routeOf(pageContext.action);
  return <PageHead locale={locale} path={routePath(route, locale)} siteUrl={siteUrl} title={titles[pageContext.action][locale]} noindex={unlistedRoutes.has(route)} />;
}

