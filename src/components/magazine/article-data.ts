/**
 * Articles and categories as the magazine templates query them. A queried article becomes the same card data
 * the articles call sends, so a prebuilt card and a loaded one render alike.
 */
import { graphql } from 'gatsby';
import type { Article } from '../../../contract/schemas/programme';

/** What a card shows of an article. */
export type ArticleCardData = Pick<Article, 'id' | 'url' | 'title' | 'teaser' | 'published_on' | 'image' | 'category' | 'is_main_teaser'>;

/** An article node with the card's fields (fragment KfArticleCardFields), in the type Gatsby generates. */
export type ArticleCardNode = Queries.KfArticleCardFieldsFragment;

/** A category node in one language (fragment KfArticleCategoryFields); `slug` is the slug in the node's language. */
export type CategoryNode = Queries.KfArticleCategoryFieldsFragment;

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
