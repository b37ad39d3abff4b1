import type { GatsbyNode, Node } from 'gatsby';
import { BuildTokenError, createSyncClient, SyncHttpError } from './client';
import { errorCodes, errorMap, maskUrl } from './error-codes';
import { nodeTypes } from './node-types';
import type { SourceOptions } from './plugin-options';
import { syncNodes } from './sync';
import { fetchLiveAds, sourceAds, ticketAdType } from './source-ads';

/**
 * Where the cursor is kept. The name changes whenever the feed gains a record type or a field the site needs
 * (v2: forms and an event's created_at, ADR 042): a cache from before has no cursor under the new name, so its
 * first build fetches everything instead of applying changes to nodes that lack them.
 */
const CURSOR_KEY = 'kf-sync-cursor-v2';

export const sourceNodes: GatsbyNode['sourceNodes'] = async (
  { actions, cache, createContentDigest, createNodeId, getNodesByType, getNode, reporter },
  options,
) => {
  const { apiUrl, timeoutMs } = options as SourceOptions;
  // From the environment, not a plugin option: Gatsby writes plugin options into generated files (and, once a
  // plugin has a gatsby-browser file, into the browser bundle), which is no place for a secret.
  const buildToken = process.env.BUILD_TOKEN?.trim() || undefined;
  const client = createSyncClient(apiUrl, timeoutMs, buildToken);
  // The feed names every delete, so Gatsby need not sweep nodes we did not touch (Gatsby 5.12+); on thousands of
  // pages that saves touching each one on every build.
  const { enableStatefulSourceNodes } = actions;
  const stateful = typeof enableStatefulSourceNodes === 'function';
  if (stateful) enableStatefulSourceNodes();
  const activity = reporter.activityTimer(`Sourcing content from ${maskUrl(apiUrl)}`);
  activity.start();
  try {
    const result = await syncNodes(
      client,
      {
        stateful,
        existing: () => nodeTypes.flatMap((type) => getNodesByType(type)),
        has: (id) => Boolean(getNode(id)),
        touch: (node) => actions.touchNode(node as Node),
        remove: (id) => {
          const node = getNode(id);
          if (node) actions.deleteNode(node);
        },
        create: ({ id, type, fields }) =>
          actions.createNode({
            ...fields,
            id,
            parent: null,
            children: [],
            // The digest covers the content only, so an unchanged record leaves its queries clean.
            internal: { type, contentDigest: createContentDigest(fields) },
          }),
        createNodeId,
      },
      {
        get: () => cache.get(CURSOR_KEY),
        set: (value) => cache.set(CURSOR_KEY, value),
      },
    );
    const why = result.reason && result.reason !== 'no-cursor' ? ` (${result.reason.replace('-', ' ')})` : '';
    // The exchange's live ads, read as visitors read them (ADR 074); an unchanged ad keeps its digest, so its page stays.
    const ads = await sourceAds(
      {
        existing: () => getNodesByType(ticketAdType),
        create: ({ id, type, fields }) =>
          actions.createNode({ ...fields, id, parent: null, children: [], internal: { type, contentDigest: createContentDigest(fields) } }),
        remove: (id) => {
          const node = getNode(id);
          if (node) actions.deleteNode(node);
        },
        createNodeId,
      },
      (locale) => fetchLiveAds(apiUrl, locale, timeoutMs),
    );
    activity.setStatus(
      `${result.mode} sync${why}: ${result.created} records written, ${result.deleted} removed, cursor ${result.cursor}; ${ads.ads} ticket ads`,
    );
  } catch (error) {
    const status = error instanceof SyncHttpError ? error.status : 0;
    reporter.panic({
      id: error instanceof BuildTokenError ? errorCodes.buildToken : status === 0 ? errorCodes.unreachable : errorCodes.badResponse,
      context: { sourceMessage: (error as Error).message },
    });
  } finally {
    activity.end();
  }
};

export const onPreInit: GatsbyNode['onPreInit'] = ({ reporter }) => {
  reporter.setErrorMap(errorMap);
};
