/**
 * A page's SitePage node lives and dies with the page: `createPage` touches it (unchanged) or replaces it, and
 * Gatsby deletes it when the page goes (DELETE_PAGE). But Gatsby's stale-node sweep, which runs after sourcing and
 * so before `createPages`, counts every SitePage node of the last build as stale, deletes them all (10,440 on the
 * large site, 1–2 s of every publish) and `createPages` writes them all again. Declaring their owner, Gatsby's
 * internal-data-bridge, a stateful source (what `enableStatefulSourceNodes` does for the plugin that calls it) leaves
 * them to that life cycle (ADR 054). The action is Gatsby's private one, named in the registry (modules.cjs,
 * ADR 077); a Gatsby without it ignores an unknown action, and the canary test says so.
 */
import { ENTRIES } from './modules.cjs';

/** Gatsby's store, as `onPreBootstrap` gets it. */
interface GatsbyStore {
  dispatch: (action: { type: string; plugin: { name: string } }) => unknown;
}

export const keepSitePageNodes = (store: GatsbyStore) => {
  const { type, plugin } = ENTRIES.statefulSourceAction.action;
  store.dispatch({ type, plugin: { name: plugin.name } });
};
