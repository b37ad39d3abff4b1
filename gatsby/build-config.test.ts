import { readBuildConfig } from './build-config';

const netlify = (context: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  NETLIFY: 'true',
  CONTEXT: context,
  URL: 'https://www.konzertfreunde.example',
  DEPLOY_URL: 'https://65f0c0ffee--konzertfreunde.netlify.app',
  HEAD: 'feature-x',
  BRANCH: 'feature-x',
  CONTENT_API_URL: 'https://content.konzertfreunde.example',
  ...extra,
});

const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    readBuildConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('readBuildConfig', () => {
  it('builds locally as before: SITE_URL or localhost, the content server on PORT, indexable', () => {
    expect(readBuildConfig({})).toEqual({
      siteUrl: 'http://localhost:8000',
      contentApiUrl: 'http://127.0.0.1:8000',
      deploy: { context: 'local', indexable: true },
    });
    const config = readBuildConfig({ SITE_URL: 'http://127.0.0.1:4321/', PORT: '4321', CONTENT_API_URL: 'http://127.0.0.1:4321' });
    expect(config.siteUrl).toBe('http://127.0.0.1:4321');
    expect(config.contentApiUrl).toBe('http://127.0.0.1:4321');
  });

  it('ignores the Netlify context variables outside Netlify', () => {
    const config = readBuildConfig({ CONTEXT: 'deploy-preview', DEPLOY_PRIME_URL: 'https://x.netlify.app', HEAD: 'feature-x' });
    expect(config.deploy).toEqual({ context: 'local', indexable: true });
    expect(config.siteUrl).toBe('http://localhost:8000');
  });

  it('treats `netlify build` on a machine (NETLIFY_LOCAL) as the Netlify build it emulates', () => {
    const env = { ...netlify('deploy-preview', { CONTENT_API_URL_DEPLOY_PREVIEW: 'http://127.0.0.1:9999', DEPLOY_PRIME_URL: 'https://x.netlify.app' }), NETLIFY: undefined, NETLIFY_LOCAL: 'true' };
    expect(readBuildConfig(env)).toMatchObject({ siteUrl: 'https://x.netlify.app', contentApiUrl: 'http://127.0.0.1:9999', deploy: { context: 'deploy-preview', indexable: false } });
  });

  it('uses URL in production, indexable, with the branch named', () => {
    const config = readBuildConfig(netlify('production', { HEAD: 'main', BRANCH: 'main' }));
    expect(config).toEqual({
      siteUrl: 'https://www.konzertfreunde.example',
      contentApiUrl: 'https://content.konzertfreunde.example',
      deploy: { context: 'production', branch: 'main', indexable: true },
    });
  });

  it('lets SITE_URL override URL in production only', () => {
    expect(readBuildConfig(netlify('production', { SITE_URL: 'https://konzertfreunde.example/' })).siteUrl).toBe('https://konzertfreunde.example');
    const preview = netlify('deploy-preview', {
      SITE_URL: 'https://konzertfreunde.example',
      DEPLOY_PRIME_URL: 'https://deploy-preview-12--konzertfreunde.netlify.app',
      CONTENT_API_URL_DEPLOY_PREVIEW: 'https://preview-content.konzertfreunde.example',
    });
    expect(readBuildConfig(preview).siteUrl).toBe('https://deploy-preview-12--konzertfreunde.netlify.app');
  });

  it.each([
    ['deploy-preview', 'CONTENT_API_URL_DEPLOY_PREVIEW', 'https://deploy-preview-12--konzertfreunde.netlify.app', 'feature-x'],
    ['branch-deploy', 'CONTENT_API_URL_BRANCH_DEPLOY', 'https://staging--konzertfreunde.netlify.app', 'staging'],
  ] as const)('gives a %s its own address and content server (%s), not indexable', (context, variable, primeUrl, branch) => {
    const env = netlify(context, { HEAD: branch, DEPLOY_PRIME_URL: primeUrl, [variable]: `https://${branch}-content.konzertfreunde.example` });
    expect(readBuildConfig(env)).toEqual({
      siteUrl: primeUrl,
      contentApiUrl: `https://${branch}-content.konzertfreunde.example`,
      deploy: { context, branch, indexable: false },
    });
  });

  it('falls back to BRANCH when HEAD is absent', () => {
    const env = netlify('production', { HEAD: undefined, BRANCH: 'main' });
    expect(readBuildConfig(env).deploy.branch).toBe('main');
  });

  it("never lets a preview or branch deploy fall back to production's content server", () => {
    const preview = problemsOf(netlify('deploy-preview', { DEPLOY_PRIME_URL: 'https://deploy-preview-12--konzertfreunde.netlify.app' }));
    expect(preview).toContain('CONTENT_API_URL_DEPLOY_PREVIEW must be set for a deploy-preview build');
    const branch = problemsOf(netlify('branch-deploy', { DEPLOY_PRIME_URL: 'https://staging--konzertfreunde.netlify.app' }));
    expect(branch).toContain('CONTENT_API_URL_BRANCH_DEPLOY must be set for a branch-deploy build');
  });

  it('requires CONTENT_API_URL on Netlify rather than guessing a local server', () => {
    expect(problemsOf(netlify('production', { CONTENT_API_URL: undefined }))).toContain('CONTENT_API_URL must be set for a production build');
  });

  it('requires DEPLOY_PRIME_URL for previews and URL in production', () => {
    const preview = problemsOf(netlify('deploy-preview', { CONTENT_API_URL_DEPLOY_PREVIEW: 'https://preview-content.konzertfreunde.example' }));
    expect(preview).toContain('DEPLOY_PRIME_URL must be set for a deploy-preview build');
    expect(problemsOf(netlify('production', { URL: undefined }))).toContain('URL must be set for a production build');
  });

  it("treats Netlify's dev context as local addresses that are not indexable", () => {
    const config = readBuildConfig(netlify('dev', { CONTENT_API_URL: undefined }));
    expect(config.siteUrl).toBe('http://localhost:8000');
    expect(config.contentApiUrl).toBe('http://127.0.0.1:8000');
    expect(config.deploy).toEqual({ context: 'dev', branch: 'feature-x', indexable: false });
  });

  it('refuses an unknown Netlify context', () => {
    expect(problemsOf(netlify('preview-server'))).toContain('CONTEXT must be one of production, deploy-preview, branch-deploy, dev on Netlify, got "preview-server"');
  });

  it('lists every bad URL at once', () => {
    const message = problemsOf(
      netlify('branch-deploy', { DEPLOY_PRIME_URL: 'staging--konzertfreunde.netlify.app', CONTENT_API_URL_BRANCH_DEPLOY: 'ftp://content.example' }),
    );
    expect(message).toContain('DEPLOY_PRIME_URL must be a URL, got "staging--konzertfreunde.netlify.app"');
    expect(message).toContain('CONTENT_API_URL_BRANCH_DEPLOY must be an http(s) URL, got "ftp://content.example"');
    expect(problemsOf({ SITE_URL: 'not a url' })).toContain('SITE_URL must be a URL');
  });
});
