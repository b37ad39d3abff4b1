import { graphql } from 'gatsby';
import type { Container, Page } from '../../contract/schemas/content';
import { isLocale, type Locale } from '../../contract/locales';

/**
 * A page node as the templates query it (see the fragment below): the contract's page, with the content server's
 * id as `kf_id` (Gatsby keeps `id` for its own), GraphQL's strings for the locale and content type, null for a
 * missing translation's address, and its containers as nodes.
 */
export type PageNode = Pick<
  Page,
  'path' | 'title' | 'headline' | 'meta_title' | 'meta_description' | 'og_title' | 'og_description' | 'og_image' | 'og_type' | 'has_tab_navigation' | 'siblings' | 'breadcrumbs' | 'hero'
> & {
  kf_id: Page['id'];
  locale: string;
  urls: { de: string | null; en: string | null };
  content_type: string;
  containers: ContainerNode[];
};

/** A container node: the contract's container, its id and parent under names Gatsby leaves free, its locale as a string. */
export type ContainerNode = Pick<Container, 'slug' | 'content_type' | 'object_id' | 'layout' | 'version' | 'columns'> & {
  kf_id: Container['id'];
  kf_parent: Container['parent'];
  locale: string;
};

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
