import { graphql } from 'gatsby';
import type { Container } from '../../contract/schemas/content';
import { isLocale, type Locale } from '../../contract/locales';

/**
 * A page node as the templates query it (fragment KfPageFields below), in the type Gatsby generates from the query
 * (src/gatsby-types.d.ts): the contract's page with the content server's id as `kf_id` (Gatsby keeps `id` for its
 * own), GraphQL's strings for the locale and content type, null for a missing translation's address, readonly
 * arrays, and its containers as nodes.
 */
export type PageNode = Queries.KfPageFieldsFragment;

/** A container node (fragment KfContainerFields): its id and parent under names Gatsby leaves free, `columns` as JSON. */
export type ContainerNode = Queries.KfContainerFieldsFragment;

type Columns = Container['columns'];

/**
 * Whether a container's `columns` JSON is what the contract's container schema says. The build's server render
 * checks it with TypeBox against the schema the content server answers with; the browser takes it unchecked: it
 * renders the very page-data file the build rendered (and so checked) the page from, and TypeBox with the schemas
 * would add about 17 KB (gzip) to every visitor page, over the script budget of ADR 041. `BUILD_STAGE` is
 * Gatsby's webpack constant: in the browser bundles the condition is false, and webpack leaves out the branch and
 * its `require` (in Jest, where it is undefined, the check runs).
 */
function isColumns(columns: unknown): columns is Columns {
  // The `require` must sit inside the branch: webpack drops a branch whose condition is constant, not the code after it.
  if (process.env.BUILD_STAGE !== 'build-javascript' && process.env.BUILD_STAGE !== 'develop') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a static import would reach the browser bundle
    const { columnsMatchContract } = require('./columns-check') as typeof import('./columns-check');
    return columnsMatchContract(columns);
  }
  return true;
}

/**
 * A container node as the contract's container. Columns the schema refuses cannot come from the content server,
 * which answers with that schema; should they all the same, the build stops naming the container rather than
 * render a page with modules of unknown shape.
 */
export function toContainer(node: ContainerNode): Container {
  if (!isColumns(node.columns)) {
    throw new Error(`Container ${node.kf_id} (${node.content_type} ${node.object_id}, ${node.locale}): its columns do not match the contract's container schema`);
  }
  return {
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
  };
}

/**
 * The single node a template's query asks for by id. Gatsby creates each such page from that very node, so a
 * missing one means the page was created wrongly: the build stops with an error naming the page rather than
 * render an empty one.
 */
export function requiredNode<T>(node: T | null, what: string, path: string): T {
  if (node === null) throw new Error(`${path}: the ${what} this page was created for is missing from the build's data`);
  return node;
}

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
    focal
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
