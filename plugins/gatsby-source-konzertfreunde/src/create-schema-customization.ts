import type { GatsbyNode } from 'gatsby';
import { ticketAdTypeDefs } from './source-ads';

/** Fields every programme record (event, subscription, article) has: sent once per language. */
const programmeRecordFields = `kf_id: Int!
      kf_key: String!
      locale: String!
      slug: String!
      url: String!
      urls: KfLocaleMap!
      title: String!`;

/** Description containers in the record's language, linked by node id (ADR 007). */
const containerLinkFields = `container_ids: [Int!]!
      container_node_ids: [String!]!
      containers: [KfContainer!]! @link(from: "container_node_ids")`;

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
      focal: String!
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
      container_node_ids: [String!]!
      containers: [KfContainer!]! @link(from: "container_node_ids")
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
      "Raised by every write to the container or its modules (ADR 013)"
      version: Int!
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
      imprint_url: String!
      privacy_url: String!
    }

    "An online form: the build makes its address, /{locale}/forms/{slug} (ADR 042), and gives the page its definition in the page's language (ADR 072)"
    type KfForm implements Node @dontInfer {
      kf_id: Int!
      kf_key: String!
      slug: String!
      "What GET /{locale}/api/forms/{slug}/ answers, by language"
      definitions: JSON!
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
    type KfLocaleMap {
      de: String!
      en: String!
    }

    type KfPriceCategory {
      label: String!
      "Euro cents"
      amount_cents: Int!
    }

    type KfVenue {
      id: Int!
      name: String!
      address: String!
      city: String!
    }

    type KfPerformer {
      name: String!
      role: String!
    }

    type KfWork {
      composer: String!
      title: String!
    }

    type KfSubscriptionRef {
      id: Int!
      title: String!
      url: String!
    }

    "Instants (start, end, postponed_to) are UTC ISO strings, so they sort and compare as strings."
    type KfEvent implements Node @dontInfer {
      ${programmeRecordFields}
      subtitle: String!
      start: String!
      end: String
      "The end, or the start when no end is announced: an event is upcoming while this lies ahead"
      until: Date!
      status: String!
      postponed_to: String
      venue: KfVenue
      performers: [KfPerformer!]!
      works: [KfWork!]!
      image: KfMedia
      ticket_url: String!
      price_categories: [KfPriceCategory!]!
      subscriptions: [KfSubscriptionRef!]!
      is_online: Boolean!
      "Nullable: nodes a build cached before the field existed lack it until the next full fetch"
      created_at: String
      updated_at: String!
      ${containerLinkFields}
    }

    type KfSubscription implements Node @dontInfer {
      ${programmeRecordFields}
      subtitle: String!
      teaser: String!
      season: String!
      image: KfMedia
      price_categories: [KfPriceCategory!]!
      event_ids: [Int!]!
      event_node_ids: [String!]!
      events: [KfEvent!]! @link(from: "event_node_ids")
      position: Int!
      is_online: Boolean!
      updated_at: String!
      ${containerLinkFields}
    }

    type KfArticleCategoryRef {
      id: Int!
      name: String!
      slug: String!
    }

    type KfArticle implements Node @dontInfer {
      ${programmeRecordFields}
      teaser: String!
      author: String!
      "YYYY-MM-DD"
      published_on: String!
      image: KfMedia
      category_id: Int!
      category: KfArticleCategoryRef!
      is_main_teaser: Boolean!
      is_online: Boolean!
      updated_at: String!
      ${containerLinkFields}
    }

    type KfArticleCategory implements Node @dontInfer {
      kf_id: Int!
      kf_key: String!
      locale: String!
      name: String!
      "The slug in this node's language"
      slug: String!
      slugs: KfLocaleMap!
      position: Int!
    }
    ${ticketAdTypeDefs}
  `);
};
