import type { GatsbyNode } from 'gatsby';
import { createContentPages } from './gatsby/create-content-pages';
import { createExchangePages } from './gatsby/create-exchange-pages';
import { createFormPages } from './gatsby/create-form-pages';
import { createMagazinePages } from './gatsby/create-magazine-pages';
import { createNewsletterPages } from './gatsby/create-newsletter-pages';
import { createNotFoundPages } from './gatsby/create-not-found-pages';
import { createProgrammePages } from './gatsby/create-programme-pages';
import { createSearchPages } from './gatsby/create-search-pages';
import { StableCompilationHashPlugin } from './gatsby/stable-compilation-hash';

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions }) => {
  if (stage === 'build-javascript') actions.setWebpackConfig({ plugins: [new StableCompilationHashPlugin()] });
};

export const createPages: GatsbyNode['createPages'] = (args) => {
  createContentPages(args);
  createMagazinePages(args);
  createProgrammePages(args);
  createExchangePages(args);
  createNewsletterPages(args);
  createSearchPages(args);
  createFormPages(args);
  createNotFoundPages(args);
};
