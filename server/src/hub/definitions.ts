/**
 * The hub's resources (ADR 016, 047), one file each under ./resources/, for the factory in ./resource.ts: what its list
 * shows and lets staff search, filter and sort, which schemas its answers follow (contract/hub/) and which
 * repository functions read and write it. Writes keep their repositories' validation and change logging, so the
 * publish queue rebuilds what they touched. This list is the one place a resource is registered.
 */
import { assertDefinition, type ResourceDefinition } from './resource';
import { withSchedule } from './scheduled-resources';
import { articles } from './resources/articles';
import { categories } from './resources/categories';
import { events } from './resources/events';
import { formEntriesResource } from './resources/form-entries';
import { formsResource } from './resources/forms';
import { mediaResource } from './resources/media';
import { newsletter } from './resources/newsletter';
import { pages } from './resources/pages';
import { redirects } from './resources/redirects';
import { subscriptions } from './resources/subscriptions';
import { ticketAds } from './resources/ticket-ads';
import { users } from './resources/users';
import { venues } from './resources/venues';

/**
 * Every resource of the hub; checked when made, so a definition naming an unknown field fails loudly at start.
 * `dataDir` is where media originals and form entries' files live (a delete removes the files).
 */
export function hubResources(dataDir: string): readonly ResourceDefinition[] {
  const definitions = [
    // Pages, events and articles can be put online and offline at a set time (ADR 035).
    withSchedule(pages, 'page'),
    withSchedule(events, 'event'),
    categories,
    redirects,
    users,
    subscriptions,
    withSchedule(articles, 'article'),
    venues,
    ticketAds,
    formsResource(dataDir),
    formEntriesResource(dataDir),
    newsletter,
    mediaResource(dataDir),
  ];
  definitions.forEach(assertDefinition);
  return definitions;
}
