import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { Layout } from '../components/layout/layout';
import { PageSections } from '../components/modules/container-renderer';
import { Hero } from '../components/page/hero';
import { PageHead } from '../components/seo/page-head';
import { alternateOf, type PageNode, pageLocale, toContainer } from '../lib/page-data';
import { useSiteUrl } from '../lib/site-url';

interface Data {
  kfPage: PageNode;
}

export default function HomePage({ data }: PageProps<Data>) {
  const page = data.kfPage;
  return (
    <Layout locale={pageLocale(page)} path={page.path} isHome alternate={alternateOf(page)}>
      <Hero hero={page.hero} fallbackHeadline={page.headline || page.title} />
      <PageSections containers={page.containers.map(toContainer)} />
    </Layout>
  );
}

export function Head({ data }: HeadProps<Data>) {
  const page = data.kfPage;
  const siteUrl = useSiteUrl();
  return (
    <PageHead
      locale={pageLocale(page)}
      path={page.path}
      siteUrl={siteUrl}
      title={page.meta_title}
      description={page.meta_description}
      og={{ title: page.og_title, description: page.og_description, image: page.og_image, type: page.og_type }}
      urls={page.urls}
    />
  );
}

export const query = graphql`
  query HomePage($id: String!) {
    kfPage(id: { eq: $id }) {
      ...KfPageFields
    }
  }
`;
