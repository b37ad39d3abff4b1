import type { GatsbyNode } from 'gatsby';
import { createContentPages } from './gatsby/create-content-pages';
import { fixLocalised404Page } from './gatsby/localised-404-pages';
import { StableCompilationHashPlugin } from './gatsby/stable-compilation-hash';

export const onCreatePage: GatsbyNode['onCreatePage'] = (args) => {
  fixLocalised404Page(args);
};

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions }) => {
  if (stage === 'build-javascript') actions.setWebpackConfig({ plugins: [new StableCompilationHashPlugin()] });
};

export const createPages: GatsbyNode['createPages'] = (args) => {
  createContentPages(args);
};
