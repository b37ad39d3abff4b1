/**
 * Articles and categories as the magazine templates query them. A queried article becomes the same card data
 * the articles call sends, so a prebuilt card and a loaded one render alike.
 */
import { graphql } from 'gatsby';
import type { Media } from '../../../contract/schemas/content';
import type { Article, LocaleMap } from '../../../contract/schemas/programme';
import type { ContainerNode } from '../../lib/page-data';

/** What a card shows of an article. */
export type ArticleCardData = Pick<Article, 'id' | 'url' | 'title' | 'teaser' | 'published_on' | 'image' | 'category' | 'is_main_teaser'>;

/** An article node with the card's fields (fragment KfArticleCardFields). */
export interface ArticleCardNode {
  kf_id: number;
  url: string;
  title: string;
  teaser: string;
  published_on: string;
  image: Media | null;
  category: { id: number; name: string; slug: string };
  is_main_teaser: boolean;
}

/** An article node as its detail page queries it. */
export interface ArticleNode extends ArticleCardNode {
  locale: string;
  urls: LocaleMap;
  author: string;
  containers: ContainerNode[];
}

/** A category node in one language (fragment KfArticleCategoryFields). */
export interface CategoryNode {
  kf_id: number;
  name: string;
  /** The slug in the node's language. */
  slug: string;
  slugs: LocaleMap;
}

/** A queried node as card data; an article from the call already is card data. */
export const cardOfNode = ({ kf_id, ...fields }: ArticleCardNode): ArticleCardData => ({ id: kf_id, ...fields });

export const articleFragments = graphql`
  fragment KfArticleCardFields on KfArticle {
    kf_id
    url
    title
    teaser
    published_on
    image {
      ...KfMediaFields
    }
    category {
      id
      name
      slug
    }
    is_main_teaser
  }

  fragment KfArticleCategoryFields on KfArticleCategory {
    kf_id
    name
    slug
    slugs {
      de
      en
    }
  }
`;
