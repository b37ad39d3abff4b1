import type { GatsbyConfig } from 'gatsby';
import { readBuildConfig } from './gatsby/build-config';
import createNetlifyFilesAdapter from './gatsby/netlify-adapter';
import { resolveRelease } from './contract/release';

const { siteUrl, contentApiUrl } = readBuildConfig();
// The release the browser's error reports name (ADR 057). A GATSBY_ value: Gatsby writes it into the bundles, and
// the code steps' reuse (ADR 054) sees it in webpack's configuration, so a new release compiles them again.
process.env.GATSBY_KF_RELEASE = resolveRelease(process.cwd());

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'Konzertfreunde',
    siteUrl,
  },
  // `gatsby build` writes the query types the templates use; the file is committed, as `npm test` type-checks first.
  // The site builder's builds (publishing, `npm start`, tests, benchmarks) build content, not code, and skip it.
  graphqlTypegen: { typesOutputPath: 'src/gatsby-types.d.ts', generateOnBuild: process.env.KF_SKIP_TYPEGEN !== '1' },
  trailingSlash: 'never',
  // Our own adapter keeps Gatsby from installing Netlify's (ADR 022); _redirects and _headers are written in
  // onPostBuild (gatsby/write-netlify-files.ts).
  adapter: createNetlifyFilesAdapter(),
  plugins: [
    // No gatsby-plugin-image: images are plain <picture> markup from our own image data (ADR 041), so its head styles
    // and loader script would be dead weight on every page; the image data is our own type (ResponsiveImageData in
    // src/lib/image.ts, ADR 078). No gatsby-plugin-react-i18next: it put the translations into every page's data
    // and assumes one path for every language (ADR 078). The site creates its own pages
    // per language (gatsby/page-context.ts) and gives each page its language (gatsby-browser, gatsby-ssr, src/lib/i18n),
    // whose translations are one cached file per language (ADR 041).
    {
      resolve: 'gatsby-source-konzertfreunde',
      options: { apiUrl: contentApiUrl },
    },
  ],
};

export default config;
