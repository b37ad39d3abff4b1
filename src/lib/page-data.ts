import { graphql } from 'gatsby';
import type { Container, Media, Page } from '../../contract/schemas/content';
import { isLocale, type Locale } from '../../contract/locales';

/** A page node as the templates query it (see the fragment below). */
export interface PageNode {
  kf_id: number;
  locale: string;
  path: string;
  urls: { de: string | null; en: string | null };
  content_type: string;
  title: string;
  headline: string;
  meta_title: string;
  meta_description: string;
  og_title: string;
  og_description: string;
  og_image: Media | null;
  og_type: string;
  has_tab_navigation: boolean;
  siblings: Page['siblings'];
  breadcrumbs: Page['breadcrumbs'];
  hero: Page['hero'];
  containers: ContainerNode[];
}

export interface ContainerNode {
  kf_id: number;
  slug: string;
  kf_parent: string;
  content_type: string;
  object_id: number;
  locale: string;
  layout: number;
  version: number;
  columns: Container['columns'];
}

export const toContainer = (node: ContainerNode): Container => ({
  id: node.kf_id,
  slug: node.slug,
  parent: node.kf_parent,
  content_type: node.content_type,
  object_id: node.object_id,
  locale: isLocale(node.locale) ? node.locale : 'de',
  layout: node.layout,
  version: node.version,
  model: 'container',
  columns: node.columns,
});

export const pageLocale = (page: PageNode): Locale => (isLocale(page.locale) ? page.locale : 'de');

/** The twin of a page in the other language, for the language switch. */
export function alternateOf(page: PageNode): { locale: Locale; url: string } | undefined {
  const other: Locale = pageLocale(page) === 'de' ? 'en' : 'de';
  const url = page.urls[other];
  return url ? { locale: other, url } : undefined;
}

export const mediaFragment = graphql`
  fragment KfMediaFields on KfMedia {
    id
    width
    height
    alt
    copyright
    color
    src
  }
`;

export const pageFragment = graphql`
  fragment KfPageFields on KfPage {
    kf_id
    locale
    path
    urls {
      de
      en
    }
    content_type
    title
    headline
    meta_title
    meta_description
    og_title
    og_description
    og_image {
      ...KfMediaFields
    }
    og_type
    has_tab_navigation
    siblings {
      id
      title
      url
    }
    breadcrumbs {
      text
      link
    }
    hero {
      headline
      text
      link
      link_text
      video
      image {
        ...KfMediaFields
      }
    }
    containers {
      ...KfContainerFields
    }
  }

  fragment KfContainerFields on KfContainer {
    kf_id
    slug
    kf_parent
    content_type
    object_id
    locale
    layout
    version
    columns
  }
`;
