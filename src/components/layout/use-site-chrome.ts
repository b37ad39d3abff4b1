import { graphql, useStaticQuery } from 'gatsby';
import { useMemo } from 'react';
import type { FooterLink, NavItem, Settings } from '../../../contract/schemas/content';
import type { LegalLinks } from '../../lib/consent/categories';
import { locales, type Locale } from '../../../contract/locales';

interface ChromeData {
  allKfNavigation: { nodes: { locale: string; menu: NavItem[]; footer: FooterLink[] }[] };
  allKfSettings: { nodes: (Settings & { locale: string })[] };
}

/**
 * Navigation and contact settings for the chrome. A static query keeps them out of every page's data, so a
 * content change elsewhere never rewrites all pages; only a change to navigation or settings does.
 */
export function useSiteChrome(locale: Locale) {
  const data = useStaticQuery<ChromeData>(graphql`
    query SiteChrome {
      allKfNavigation {
        nodes {
          locale
          menu
          footer {
            title
            url
            external
          }
        }
      }
      allKfSettings {
        nodes {
          locale
          address
          phone
          phone_hours
          info_email
          imprint_url
          privacy_url
        }
      }
    }
  `);
  const navigation = data.allKfNavigation.nodes.find((node) => node.locale === locale);
  const settings = data.allKfSettings.nodes.find((node) => node.locale === locale) ?? null;
  const nodes = data.allKfSettings.nodes;
  const legalLinks = useMemo(
    () =>
      Object.fromEntries(
        locales.map((each) => {
          const found = nodes.find((node) => node.locale === each);
          return [each, { imprint: found?.imprint_url ?? '', privacy: found?.privacy_url ?? '' }];
        }),
      ) as Record<Locale, LegalLinks>,
    [nodes],
  );
  return { menu: navigation?.menu ?? [], footer: navigation?.footer ?? [], settings, legalLinks };
}
