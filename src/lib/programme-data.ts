import { graphql } from 'gatsby';
import type { Event, Subscription } from '../../contract/schemas/programme';
import type { ContainerNode } from './page-data';
import { isLocale } from '../../contract/locales';

/**
 * An event node as the templates query it: the events call's `Event` with Gatsby's `kf_id` for `id`. Lists
 * leave out `updated_at`: a page's data is all it queries, and a changed timestamp alone would make every list
 * showing the event rewrite its page although nothing visible changed.
 */
export type EventNode = Omit<Event, 'id' | 'locale' | 'updated_at' | 'created_at'> & {
  kf_id: number;
  locale: string;
  updated_at?: string;
  /** Null on a node cached before the field existed. */
  created_at?: string | null;
};
export type EventNodeWithContainers = EventNode & { updated_at: string; containers: ContainerNode[] };

/** The same shape the events call answers with, so one card renders prebuilt and fetched events alike. */
export const toEvent = ({ kf_id: id, locale, updated_at: updatedAt, created_at: createdAt, ...rest }: EventNode): Event => ({
  ...rest,
  id,
  created_at: createdAt ?? '',
  locale: isLocale(locale) ? locale : 'de',
  updated_at: updatedAt ?? '',
});

export type SubscriptionNode = Omit<Subscription, 'id' | 'locale' | 'updated_at'> & { kf_id: number; locale: string };

export const programmeFragments = graphql`
  fragment KfEventFields on KfEvent {
    kf_id
    locale
    slug
    url
    urls {
      de
      en
    }
    title
    subtitle
    start
    end
    status
    postponed_to
    venue {
      id
      name
      address
      city
    }
    performers {
      name
      role
    }
    works {
      composer
      title
    }
    image {
      ...KfMediaFields
    }
    ticket_url
    price_categories {
      label
      amount_cents
    }
    subscriptions {
      id
      title
      url
    }
    is_online
    created_at
  }

  fragment KfSubscriptionFields on KfSubscription {
    kf_id
    locale
    slug
    url
    urls {
      de
      en
    }
    title
    subtitle
    teaser
    season
    image {
      ...KfMediaFields
    }
    price_categories {
      label
      amount_cents
    }
    event_ids
    position
    is_online
  }

`;
