import { graphql } from 'gatsby';
import type { Event } from '../../contract/schemas/programme';
import { isLocale } from '../../contract/locales';

/**
 * An event node as the templates query it (fragment KfEventFields below), in the type Gatsby generates: the events
 * call's `Event` with Gatsby's `kf_id` for `id`, readonly arrays and GraphQL's strings for locale and status. Lists
 * leave out `updated_at`: a page's data is all it queries, and a changed timestamp alone would make every list
 * showing the event rewrite its page although nothing visible changed. `created_at` is null on a node cached
 * before the field existed.
 */
export type EventNode = Queries.KfEventFieldsFragment & { readonly updated_at?: string };

/** The statuses of the contract's event; the compiler holds the keys to `Event['status']`, no more, no less. */
const statuses: Record<Event['status'], true> = { scheduled: true, cancelled: true, postponed: true, sold_out: true };
export const isEventStatus = (status: string): status is Event['status'] => Object.prototype.hasOwnProperty.call(statuses, status);

/**
 * The same shape the events call answers with, so one card renders prebuilt and fetched events alike. A status
 * the contract does not know cannot come from the content server, which answers with the contract's schema; the
 * build stops naming the event rather than guess what a visitor should be told about it.
 */
export function toEvent({ kf_id: id, locale, updated_at: updatedAt, created_at: createdAt, status, ...rest }: EventNode): Event {
  if (!isEventStatus(status)) throw new Error(`Event ${id} (${locale}): status "${status}" is not one of the contract's`);
  return {
    ...rest,
    id,
    status,
    created_at: createdAt ?? '',
    locale: isLocale(locale) ? locale : 'de',
    updated_at: updatedAt ?? '',
    performers: [...rest.performers],
    works: [...rest.works],
    price_categories: [...rest.price_categories],
    subscriptions: [...rest.subscriptions],
  };
}

/** A subscription node (fragment KfSubscriptionFields), in the type Gatsby generates. */
export type SubscriptionNode = Queries.KfSubscriptionFieldsFragment;

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
