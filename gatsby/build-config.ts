/**
 * The build's configuration, validated once. Only GATSBY_* values reach the browser; everything here stays in
 * Node during the build (gatsby-config, gatsby-node and the server render of gatsby-ssr).
 *
 * On Netlify the deploy context decides the site's address and the content server (ADR 025): a deploy preview or
 * branch deploy is served at its own address and reads from (and proxies forms to) a content server of its own,
 * never production's, so nothing done on a preview lands in production.
 */
import type { DeployContext, DeployInfo } from '../contract/deploy-context';

// gatsby-ssr.tsx takes the deploy's type from here, with the rest of the build's configuration.
export type { DeployContext, DeployInfo };

export interface BuildConfig {
  siteUrl: string;
  contentApiUrl: string;
  deploy: DeployInfo;
}

const netlifyContexts = ['production', 'deploy-preview', 'branch-deploy', 'dev'] as const;

/** The content server's variable per context: one each, so a preview can never inherit production's. */
export const contentApiVariables: Record<DeployContext, string> = {
  local: 'CONTENT_API_URL',
  dev: 'CONTENT_API_URL',
  production: 'CONTENT_API_URL',
  'deploy-preview': 'CONTENT_API_URL_DEPLOY_PREVIEW',
  'branch-deploy': 'CONTENT_API_URL_BRANCH_DEPLOY',
};

const isPreview = (context: DeployContext) => context === 'deploy-preview' || context === 'branch-deploy';

function deployContextOf(env: NodeJS.ProcessEnv, problems: string[]): DeployContext {
  // NETLIFY_LOCAL: `netlify build` on a machine, which emulates Netlify's build and sets CONTEXT like it.
  if (env.NETLIFY !== 'true' && env.NETLIFY_LOCAL !== 'true') return 'local';
  const context = env.CONTEXT ?? '';
  if ((netlifyContexts as readonly string[]).includes(context)) return context as DeployContext;
  problems.push(`CONTEXT must be one of ${netlifyContexts.join(', ')} on Netlify, got "${context}"`);
  // Treated as a preview below, so the message about it is the only one and nothing falls back to production.
  return 'deploy-preview';
}

/** The variable (name and value) that gives the site's own address in this context. */
function siteUrlSource(context: DeployContext, env: NodeJS.ProcessEnv): [name: string, value: string | undefined] {
  if (isPreview(context)) return ['DEPLOY_PRIME_URL', env.DEPLOY_PRIME_URL];
  if (context === 'production') return env.SITE_URL ? ['SITE_URL', env.SITE_URL] : ['URL', env.URL];
  return ['SITE_URL', env.SITE_URL ?? 'http://localhost:8000'];
}

function contentApiSource(context: DeployContext, env: NodeJS.ProcessEnv): [name: string, value: string | undefined] {
  const name = contentApiVariables[context];
  // Only a build on this machine (netlify dev included) may guess: npm start serves the API on its own port.
  const fallback = context === 'local' || context === 'dev' ? `http://127.0.0.1:${env.PORT ?? '8000'}` : undefined;
  return [name, env[name] ?? fallback];
}

export function readBuildConfig(env: NodeJS.ProcessEnv = process.env): BuildConfig {
  const problems: string[] = [];
  const context = deployContextOf(env, problems);
  const sources = [siteUrlSource(context, env), contentApiSource(context, env)];
  for (const [name, value] of sources) {
    if (value === undefined || value === '') {
      problems.push(`${name} must be set for a ${context} build`);
      continue;
    }
    try {
      const url = new URL(value);
      if (!/^https?:$/.test(url.protocol)) problems.push(`${name} must be an http(s) URL, got "${value}"`);
    } catch {
      problems.push(`${name} must be a URL, got "${value}"`);
    }
  }
  if (problems.length) throw new Error(`Invalid build configuration:\n- ${problems.join('\n- ')}`);
  const [siteUrl, contentApiUrl] = sources.map(([, value]) => value as string);
  const branch = context === 'local' ? undefined : env.HEAD || env.BRANCH || undefined;
  return {
    siteUrl: siteUrl.replace(/\/+$/, ''),
    contentApiUrl,
    deploy: { context, ...(branch ? { branch } : {}), indexable: context === 'production' || context === 'local' },
  };
}
