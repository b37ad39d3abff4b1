import type { GatsbyNode } from 'gatsby';
import { redirectRecordProblem } from '../../../contract/redirect-rule';

/**
 * Every redirect record becomes a permanent redirect of the build (and so a line of `_redirects`). A row stored
 * before the link rule (ADR 026) or the redirect records' rule (ADR 063) that breaks it (paths that leave the site,
 * `//host`, `/\host`, or a placeholder that could lead there) is left out and reported: the CDN must never send a
 * visitor to another host. The build's `_redirects` writer checks the same again (gatsby/netlify-files.ts).
 */
export const createPages: GatsbyNode['createPages'] = ({ actions, getNodesByType, reporter }) => {
  for (const node of getNodesByType('KfRedirect')) {
    const { old_path: fromPath, new_path: toPath } = node as unknown as { old_path: string; new_path: string };
    const problem = redirectRecordProblem(fromPath, toPath);
    if (problem) {
      reporter.warn(`Redirect ${JSON.stringify(fromPath)} → ${JSON.stringify(toPath)} left out: ${problem.message} (ADR 026, ADR 063)`);
      continue;
    }
    actions.createRedirect({ fromPath, toPath, isPermanent: true, statusCode: 301, redirectInBrowser: false });
  }
};
