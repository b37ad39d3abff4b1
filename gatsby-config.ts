import path from 'node:path';
import type { GatsbyConfig } from 'gatsby';
import { readBuildConfig } from './gatsby/build-config';
import createNetlifyFilesAdapter from './gatsby/netlify-adapter';
import { defaultLocale, locales } from './src/lib/locales';

const { siteUrl, contentApiUrl, deploy } = readBuildConfig();

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'Konzertfreunde',
    siteUrl,
  },
  graphqlTypegen: { typesOutputPath: 'src/gatsby-types.d.ts', generateOnBuild: false },
  trailingSlash: 'never',
  // Our own adapter writes _redirects and _headers and keeps Gatsby from installing Netlify's (ADR 022).
  adapter: createNetlifyFilesAdapter({
    contentApiUrl,
    indexable: deploy.indexable,
    prettyUrlFiles: deploy.context !== 'local',
  }),
  plugins: [
    // No gatsby-plugin-image: images are plain <picture> markup from our own image data (ADR 041), so its head styles
    // and loader script would be dead weight on every page. The package stays for its IGatsbyImageData type.
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'locale', path: path.join(__dirname, 'locales') },
    },
    {
      resolve: 'gatsby-plugin-react-i18next',
      options: {
        localeJsonSourceName: 'locale',
        languages: [...locales],
        defaultLanguage: defaultLocale,
        generateDefaultLanguagePage: true,
        redirect: false,
        siteUrl,
        trailingSlash: 'never',
        // The staff hub (src/pages/cms-hub) is German only and outside the language prefixes: no copies per language.
        pages: [{ matchPath: '/cms-hub/:rest*', excludeLanguages: [...locales] }],
        i18nextOptions: {
          interpolation: { escapeValue: false },
          keySeparator: false,
          nsSeparator: ':',
          returnNull: false,
        },
      },
    },
    {
      resolve: 'gatsby-source-konzertfreunde',
      options: { apiUrl: contentApiUrl },
    },
  ],
};

export default config;
