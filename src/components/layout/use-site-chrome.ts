import { graphql, useStaticQuery } from 'gatsby';
import type { FooterLink, NavItem, Settings } from '../../../server/src/schemas/content';
import type { Locale } from '../../lib/locales';

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
        }
      }
    }
  `);
  const navigation = data.allKfNavigation.nodes.find((node) => node.locale === locale);
  const settings = data.allKfSettings.nodes.find((node) => node.locale === locale) ?? null;
  return { menu: navigation?.menu ?? [], footer: navigation?.footer ?? [], settings };
}
