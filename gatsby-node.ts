import type { GatsbyNode } from 'gatsby';
import { createContentPages } from './gatsby/create-content-pages';
import { fixLocalised404Page } from './gatsby/localised-404-pages';

export const onCreatePage: GatsbyNode['onCreatePage'] = (args) => {
  fixLocalised404Page(args);
};

export const createPages: GatsbyNode['createPages'] = async (args) => {
  await createContentPages(args);
};
