import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { Layout } from '../components/layout/layout';
import { PageSections } from '../components/modules/container-renderer';
import { TabNavigation } from '../components/page/tab-navigation';
import { PageHead } from '../components/seo/page-head';
import { alternateOf, pageLocale, requiredNode, toContainer } from '../lib/page-data';
import { useSiteUrl } from '../lib/site-url';

type Data = Queries.ContentPageQuery;

export default function ContentPage({ data, location }: PageProps<Data>) {
  const page = requiredNode(data.kfPage, 'page', location.pathname);
  const locale = pageLocale(page);
  return (
    <Layout locale={locale} path={page.path} breadcrumbs={page.breadcrumbs} alternate={alternateOf(page)}>
      <div className="page-intro">
        <h1 className="page-title">{page.headline || page.title}</h1>
        {page.has_tab_navigation && <TabNavigation siblings={page.siblings} current={page.path} />}
      </div>
      <PageSections containers={page.containers.map(toContainer)} />
    </Layout>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const page = requiredNode(data.kfPage, 'page', location.pathname);
  const siteUrl = useSiteUrl();
  return (
    <PageHead
      locale={pageLocale(page)}
      path={page.path}
      siteUrl={siteUrl}
      title={page.meta_title || page.title}
      description={page.meta_description}
      og={{ title: page.og_title, description: page.og_description, image: page.og_image, type: page.og_type }}
      urls={page.urls}
    />
  );
}

export const query = graphql`
  query ContentPage($id: String!) {
    kfPage(id: { eq: $id }) {
      ...KfPageFields
    }
  }
`;
