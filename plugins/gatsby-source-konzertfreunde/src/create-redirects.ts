import type { GatsbyNode } from 'gatsby';

/** Every redirect record becomes a permanent redirect of the build (and so a line of `_redirects`). */
export const createPages: GatsbyNode['createPages'] = ({ actions, getNodesByType }) => {
  for (const node of getNodesByType('KfRedirect')) {
    const { old_path: fromPath, new_path: toPath } = node as unknown as { old_path: string; new_path: string };
    actions.createRedirect({ fromPath, toPath, isPermanent: true, statusCode: 301, redirectInBrowser: false });
  }
};
