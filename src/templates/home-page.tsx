import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { Layout } from '../components/layout/layout';
import { PageSections } from '../components/modules/container-renderer';
import { Hero } from '../components/page/hero';
import { JsonLd } from '../components/seo/json-ld';
import { PageHead } from '../components/seo/page-head';
import { organizationJsonLd, websiteJsonLd } from '../lib/site-json-ld';
import { PrebuiltUpcomingEvents } from '../components/programme/upcoming-events';
import { alternateOf, pageLocale, requiredNode, toContainer } from '../lib/page-data';
import { toEvent } from '../lib/programme-data';
import { useSiteUrl } from '../lib/site-url';

/** The page and, as `upcoming`, the concerts still on at the build day, for a "next concerts" module on the page. */
type Data = Queries.HomePageQuery;

export default function HomePage({ data, location }: PageProps<Data>) {
  const page = requiredNode(data.kfPage, 'home page', location.pathname);
  return (
    <Layout locale={pageLocale(page)} path={page.path} isHome alternate={alternateOf(page)}>
      <Hero hero={page.hero} fallbackHeadline={page.headline || page.title} />
      <PrebuiltUpcomingEvents events={data.upcoming.nodes.map(toEvent)}>
        <PageSections containers={page.containers.map(toContainer)} />
      </PrebuiltUpcomingEvents>
    </Layout>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const page = requiredNode(data.kfPage, 'home page', location.pathname);
  const siteUrl = useSiteUrl();
  const locale = pageLocale(page);
  return (
    <>
      <PageHead
        locale={locale}
        path={page.path}
        siteUrl={siteUrl}
        title={page.meta_title}
        description={page.meta_description}
        og={{ title: page.og_title, description: page.og_description, image: page.og_image, type: page.og_type }}
        urls={page.urls}
      />
      <JsonLd data={organizationJsonLd(siteUrl)} />
      <JsonLd data={websiteJsonLd(siteUrl, locale)} />
    </>
  );
}

export const query = graphql`
  query HomePage($id: String!, $language: String!, $from: Date!) {
    kfPage(id: { eq: $id }) {
      ...KfPageFields
    }
    upcoming: allKfEvent(filter: { locale: { eq: $language }, until: { gte: $from } }, sort: [{ start: ASC }, { kf_id: ASC }], limit: 12) {
      nodes {
        ...KfEventFields
      }
    }
  }
`;
