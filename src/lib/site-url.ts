import { graphql, useStaticQuery } from 'gatsby';

/** The site's public origin (SITE_URL at build time), for canonical and hreflang links. */
export function useSiteUrl(): string {
  const data = useStaticQuery<{ site: { siteMetadata: { siteUrl: string } } }>(graphql`
    query SiteUrl {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `);
  return data.site.siteMetadata.siteUrl;
}
