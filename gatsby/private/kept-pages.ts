/**
 * Pages Gatsby need not create again (ADR 097). Every build calls `createPages`, and Gatsby deletes each page the
 * build did not create again (`deleteUntouchedPages`: a page whose `updatedAt` is older than the step's start). So a
 * rebuild of the 10,450-page site made 10,450 `createPage` calls for the one page an edit changed: Gatsby's checks,
 * a content digest of every SitePage node, reading that node back from LMDB to compare, and two redux dispatches
 * through every reducer each; 0.6 s of a 4 s edit-to-live on a quiet machine, 1.5–2 s on a loaded one.
 *
 * For a page the store already holds exactly as this build would create it, `createPage` would change nothing but
 * the page's `updatedAt`: its reducers find the page, its query and its HTML file tracked and unchanged, and its
 * SitePage node unchanged (touched only, and kept anyway: ADR 054). That is all this does for such a page; any
 * other page goes to Gatsby's `createPage` as before. A page is kept only when
 *
 * - this build keeps SitePage nodes (the code steps' reuse, on unless KF_GATSBY_REUSE=0, ADR 054): otherwise Gatsby's
 *   sweep has deleted them and `createPage` must write them again;
 * - no plugin implements `onCreatePage` (it would not be told of the page) and the path is not Gatsby's 404 or 500
 *   page (Gatsby's own plugin copies those to `/404.html` and `/500.html` when they are created);
 * - the store's page was created by the site's gatsby-node, in `createPages`, renders at build time (`SSG`), and has
 *   the same path, component, match path, context, slices and owner node, and is not deferred.
 *
 * The store's page objects, the fields compared and Gatsby's code relied on are in the registry (modules.cjs,
 * `keptPages`), checked by the canary.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Actions, CreatePagesArgs, Page } from 'gatsby';

/** A page as Gatsby's store holds it (the fields read here). */
interface StorePage {
  path: string;
  component: string;
  componentPath: string;
  matchPath?: string;
  context: Record<string, unknown>;
  slices: Record<string, string>;
  defer?: boolean;
  ownerNodeId?: string;
  mode?: string;
  isCreatedByStatefulCreatePages: boolean;
  pluginCreatorId: string;
  updatedAt: number;
}

interface GatsbyState {
  pages: Map<string, StorePage>;
  flattenedPlugins: Array<{ id: string; name: string; nodeAPIs: string[] }>;
}

/** The paths Gatsby's prod-404-500 plugin copies when they are created. */
const STATUS_PAGE = /^\/?(404|500)\/?$/;
/** The name Gatsby gives the site's own gatsby-node. */
const SITE_PLUGIN = 'default-site-plugin';

type PageInput = Page<Record<string, unknown>> & { slices?: Record<string, string>; defer?: boolean; ownerNodeId?: string };

/** Whether `existing` is exactly the page `page` would make. */
function sameAsStored(existing: StorePage, page: PageInput, siteId: string): boolean {
  return (
    existing.pluginCreatorId === siteId &&
    !existing.isCreatedByStatefulCreatePages &&
    existing.mode === 'SSG' &&
    !existing.defer &&
    !page.defer &&
    existing.component === page.component &&
    existing.componentPath === page.component &&
    existing.matchPath === page.matchPath &&
    existing.ownerNodeId === page.ownerNodeId &&
    isDeepStrictEqual(existing.slices, page.slices ?? {}) &&
    isDeepStrictEqual(existing.context, page.context ?? {})
  );
}

/**
 * `args` with a `createPage` that keeps the pages the store already holds unchanged (see above) and creates the
 * others with Gatsby's; `counts()` says how many of each so far. With `enabled` false, or a plugin implementing
 * `onCreatePage`, every page goes to Gatsby's `createPage`.
 */
export function keepUnchangedPages<T extends Pick<CreatePagesArgs, 'actions' | 'store'>>(
  args: T,
  enabled = process.env.KF_GATSBY_REUSE !== '0',
): { args: T; counts: () => { kept: number; created: number } } {
  const state = args.store.getState() as GatsbyState;
  const siteId = state.flattenedPlugins.find((plugin) => plugin.name === SITE_PLUGIN)?.id;
  const usable = enabled && siteId !== undefined && !state.flattenedPlugins.some((plugin) => plugin.nodeAPIs.includes('onCreatePage'));
  let kept = 0;
  let created = 0;
  const create = args.actions.createPage;
  const createPage: Actions['createPage'] = (page, ...rest) => {
    const existing = usable && !STATUS_PAGE.test(page.path) ? (args.store.getState() as GatsbyState).pages.get(page.path) : undefined;
    if (existing && sameAsStored(existing, page as PageInput, siteId!)) {
      existing.updatedAt = Date.now();
      kept += 1;
      return;
    }
    created += 1;
    create(page, ...rest);
  };
  return { args: { ...args, actions: { ...args.actions, createPage } }, counts: () => ({ kept, created }) };
}
