import type { GatsbyNode } from 'gatsby';
import { isSameSitePath } from '../../../contract/link-rule';

/**
 * Every redirect record becomes a permanent redirect of the build (and so a line of `_redirects`). A row stored
 * before the link rule (ADR 026) whose paths would leave the site (`//host`, `/\host`) is left out and reported:
 * the CDN must never send a visitor to another host.
 */
export const createPages: GatsbyNode['createPages'] = ({ actions, getNodesByType, reporter }) => {
  for (const node of getNodesByType('KfRedirect')) {
    const { old_path: fromPath, new_path: toPath } = node as unknown as { old_path: string; new_path: string };
    if (!isSameSitePath(fromPath) || !isSameSitePath(toPath)) {
      reporter.warn(`Redirect ${JSON.stringify(fromPath)} → ${JSON.stringify(toPath)} left out: both must be paths of this site (ADR 026)`);
      continue;
    }
    actions.createRedirect({ fromPath, toPath, isPermanent: true, statusCode: 301, redirectInBrowser: false });
  }
};
