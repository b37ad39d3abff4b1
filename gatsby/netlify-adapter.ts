/**
 * Our own Gatsby adapter (ADR 022), set in gatsby-config. On Netlify, Gatsby installs gatsby-adapter-netlify by
 * itself unless an adapter is configured; that one wrote its own copies of our redirects after our 404 rules, its
 * own contradicting security headers and a 200 catch-all per language, and moved client-routed pages to
 * `[...].html`. This one only says what the site supports, and adapts nothing.
 *
 * What the build leaves in `public/` for Netlify and our own server (`_redirects`, `_headers`, each page's CSP meta,
 * the `x.html` links, the NUL guard) is written in `onPostBuild` (gatsby/write-netlify-files.ts): an adapter's
 * `adapt` step that reads Gatsby's routes manifest pays a synchronous glob of all of `public/` first (ADR 053).
 */
import type { AdapterInit, IAdapter } from 'gatsby';

const createNetlifyFilesAdapter: AdapterInit = () => {
  const adapter: IAdapter = {
    name: 'konzertfreunde-netlify-files',
    adapt() {
      // Deliberately empty: see the module's comment. Reading `routesManifest` here would cost the glob.
    },
    config() {
      return { supports: { pathPrefix: false, trailingSlash: ['never'] } };
    },
  };
  return adapter;
};

export default createNetlifyFilesAdapter;
