import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { readBuildConfig } from '../../../gatsby/build-config';
import { deployComponents, deployNoticeText } from './deploy-notice';
import { PageHead } from './page-head';

const previewEnv = {
  NETLIFY: 'true',
  CONTEXT: 'deploy-preview',
  HEAD: 'feature-x',
  URL: 'https://www.konzertfreunde.example',
  DEPLOY_PRIME_URL: 'https://deploy-preview-12--konzertfreunde.netlify.app',
  CONTENT_API_URL_DEPLOY_PREVIEW: 'https://preview-content.konzertfreunde.example',
};
const productionEnv = { ...previewEnv, CONTEXT: 'production', HEAD: 'main', CONTENT_API_URL: 'https://content.konzertfreunde.example' };

/** A page's static HTML as gatsby-ssr and the template's Head make it for this build. */
function renderPage(env: NodeJS.ProcessEnv, pathname: string) {
  const { siteUrl, deploy } = readBuildConfig(env);
  const { head, preBody } = deployComponents(deploy, pathname);
  return renderToStaticMarkup(
    <>
      {head}
      <PageHead locale={pathname.startsWith('/en') ? 'en' : 'de'} path={pathname} siteUrl={siteUrl} title="Konzertorte" />
      {preBody}
    </>,
  );
}

describe('a deploy preview', () => {
  it('marks a German page: notice with context and branch, noindex, canonical at its own address', () => {
    const html = renderPage(previewEnv, '/de/konzertorte');
    expect(html).toContain(
      '<aside class="kf-deploy-notice" aria-label="Hinweis zur Vorschau" lang="de" data-deploy-context="deploy-preview">Vorschau · Zweig „feature-x“ — nicht die veröffentlichte Website</aside>',
    );
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<link rel="canonical" href="https://deploy-preview-12--konzertfreunde.netlify.app/de/konzertorte"/>');
    expect(html).toContain('<meta property="og:url" content="https://deploy-preview-12--konzertfreunde.netlify.app/de/konzertorte"/>');
  });

  it('speaks English under /en', () => {
    const html = renderPage(previewEnv, '/en/venues');
    expect(html).toContain('aria-label="Preview notice" lang="en"');
    expect(html).toContain('Preview · branch “feature-x” — not the published website');
  });

  it('names a branch deploy as such', () => {
    const { deploy } = readBuildConfig({
      ...previewEnv,
      CONTEXT: 'branch-deploy',
      HEAD: 'staging',
      CONTENT_API_URL_BRANCH_DEPLOY: 'https://staging-content.konzertfreunde.example',
    });
    expect(deployNoticeText(deploy, 'de')).toBe('Testversion · Zweig „staging“ — nicht die veröffentlichte Website');
  });
});

describe('production and local builds', () => {
  it.each([
    ['production', productionEnv, 'https://www.konzertfreunde.example'],
    ['local', {}, 'http://localhost:8000'],
  ])('%s: no notice, no robots meta, canonical at the site address', (_name, env, siteUrl) => {
    const html = renderPage(env, '/de/konzertorte');
    expect(html).not.toContain('kf-deploy-notice');
    expect(html).not.toContain('name="robots"');
    expect(html).toContain(`<link rel="canonical" href="${siteUrl}/de/konzertorte"/>`);
  });
});
