import type { GatsbyNode } from 'gatsby';
import { createContentPages } from './gatsby/create-content-pages';

export const createPages: GatsbyNode['createPages'] = async (args) => {
  await createContentPages(args);
};
