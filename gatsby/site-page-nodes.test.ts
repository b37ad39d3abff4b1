import { keepSitePageNodes } from './site-page-nodes';

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- Gatsby's own store and reducers, as a build has them */
const { store } = require('gatsby/dist/redux') as { store: { dispatch: (action: unknown) => unknown; getState: () => { statefulSourcePlugins: Set<string> } } };

describe('keepSitePageNodes', () => {
  it('marks the owner of SitePage nodes as a stateful source in Gatsby’s own store, so its stale-node sweep skips them', () => {
    expect(store.getState().statefulSourcePlugins.has('internal-data-bridge')).toBe(false);
    keepSitePageNodes(store);
    expect(store.getState().statefulSourcePlugins.has('internal-data-bridge')).toBe(true);
  });
});
