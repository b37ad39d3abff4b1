import type { GatsbyNode } from 'gatsby';

/**
 * Explicit types for everything we source: no inference, so an empty or partial feed never changes the schema
 * and templates can rely on every field existing.
 */
export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(`
    type KfMedia {
      id: Int!
      width: Int!
      height: Int!
      alt: String!
      copyright: String!
      color: String!
      src: String!
    }

    type KfPageUrls {
      de: String
      en: String
    }

    type KfSibling {
      id: Int!
      title: String!
      url: String!
    }

    type KfBreadcrumb {
      text: String!
      link: String!
    }

    type KfHeroData {
      headline: String!
      text: String!
      link: String!
      link_text: String!
      image: KfMedia
      video: String!
    }

    type KfPage implements Node @dontInfer {
      kf_id: Int!
      kf_key: String!
      locale: String!
      path: String!
      urls: KfPageUrls!
      content_type: String!
      parent_id: Int
      title: String!
      headline: String!
      is_online: Boolean!
      is_clickable: Boolean!
      in_menu: Boolean!
      in_footer: Boolean!
      meta_title: String!
      meta_description: String!
      og_title: String!
      og_description: String!
      og_image: KfMedia
      og_type: String!
      has_tab_navigation: Boolean!
      siblings: [KfSibling!]!
      breadcrumbs: [KfBreadcrumb!]!
      hero: KfHeroData
      updated_at: String!
      container_ids: [Int!]!
      containers: [KfContainer!]! @link(by: "kf_id", from: "container_ids")
    }

    type KfContainer implements Node @dontInfer {
      kf_id: Int!
      kf_key: String!
      slug: String!
      "The content API's container parent (Gatsby reserves parent for the creating node)"
      kf_parent: String!
      content_type: String!
      object_id: Int!
      locale: String!
      layout: Int!
      model: String!
      "Columns with their modules, shaped as the content API's Container.columns"
      columns: JSON!
    }

    type KfNavigation implements Node @dontInfer {
      kf_key: String!
      locale: String!
      "Menu items with children, shaped as the content API's NavItem"
      menu: JSON!
      footer: [KfFooterLink!]!
    }

    type KfFooterLink {
      title: String!
      url: String!
      external: Boolean!
    }

    type KfSettings implements Node @dontInfer {
      kf_key: String!
      locale: String!
      address: String!
      phone: String!
      phone_hours: String!
      info_email: String!
    }

    type KfRedirect implements Node @dontInfer {
      kf_id: Int!
      kf_key: String!
      old_path: String!
      new_path: String!
    }

    type KfHero implements Node @dontInfer {
      kf_key: String!
      locale: String!
      headline: String!
      text: String!
      link: String!
      link_text: String!
      image: KfMedia
      video: String!
    }
  `);
};
