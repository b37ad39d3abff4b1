/**
 * Which deploy a build is (ADR 025): read once by the build (gatsby/build-config.ts) and shown on every page of a
 * build that is not the public site (src/components/seo/deploy-notice.tsx). Here, below both, so the site's
 * components never import the build's helpers (docs/architecture.md).
 */
export type DeployContext = 'production' | 'deploy-preview' | 'branch-deploy' | 'dev' | 'local';

export interface DeployInfo {
  /** Netlify's CONTEXT, or `local` for a build outside Netlify (npm start, the e2e run, benchmarks). */
  context: DeployContext;
  /** The git branch a Netlify build was made from; absent locally. */
  branch?: string;
  /** Whether search engines may index the build: production and local builds only (local ones are never public). */
  indexable: boolean;
}
