import React from 'react';
import type { DeployContext, DeployInfo } from '../../../contract/deploy-context';
import { type Locale, localeOfPath } from '../../../contract/locales';

/**
 * What a build that is not the public site (a deploy preview, a branch deploy, `netlify dev`) adds to every page
 * (ADR 025): a robots meta that keeps it out of search engines, and a notice at the top naming the deploy. Both go
 * into the static HTML from gatsby-ssr, outside the React root, so visitors download no script for them and
 * hydration never touches them. Production and local builds get nothing from here.
 */

const contextNames: Record<Locale, Record<Exclude<DeployContext, 'production' | 'local'>, string>> = {
  de: { 'deploy-preview': 'Vorschau', 'branch-deploy': 'Testversion', dev: 'Entwicklung' },
  en: { 'deploy-preview': 'Preview', 'branch-deploy': 'Branch deploy', dev: 'Development' },
};

const texts: Record<Locale, { label: string; branch: (name: string) => string; notPublished: string }> = {
  de: { label: 'Hinweis zur Vorschau', branch: (name) => `Zweig „${name}“`, notPublished: 'nicht die veröffentlichte Website' },
  en: { label: 'Preview notice', branch: (name) => `branch “${name}”`, notPublished: 'not the published website' },
};

/** The notice's sentence, e.g. "Vorschau · Zweig „feature-x“ — nicht die veröffentlichte Website". */
export function deployNoticeText(deploy: DeployInfo, locale: Locale): string {
  if (deploy.context === 'production' || deploy.context === 'local') return '';
  const text = texts[locale];
  const name = [contextNames[locale][deploy.context], deploy.branch && text.branch(deploy.branch)].filter(Boolean).join(' · ');
  return `${name} — ${text.notPublished}`;
}

/*
 * In the normal flow at the very top, never over content or the cookie banner (which sits at the bottom). The
 * header is positioned against the page root, so the root becomes its containing block and starts below the
 * notice instead of the header covering it. Dark on light amber: contrast about 13:1.
 */
const styles =
  '.kf-deploy-notice{margin:0;padding:.5rem 1rem;background:#ffe08a;color:#1d1a24;border-bottom:2px solid #1d1a24;' +
  'font:600 .9375rem/1.4 system-ui,sans-serif;text-align:center}#___gatsby{position:relative}';

export function DeployNotice({ deploy, locale }: { deploy: DeployInfo; locale: Locale }) {
  return (
    <aside className="kf-deploy-notice" aria-label={texts[locale].label} lang={locale} data-deploy-context={deploy.context}>
      {deployNoticeText(deploy, locale)}
    </aside>
  );
}

/** The head and body additions for one page of this build; empty for an indexable build. */
export function deployComponents(deploy: DeployInfo, pathname: string) {
  if (deploy.indexable) return { head: [], preBody: [] };
  return {
    head: [
      <meta key="deploy-robots" name="robots" content="noindex, nofollow" />,
      <style key="deploy-notice-style" dangerouslySetInnerHTML={{ __html: styles }} />,
    ],
    preBody: [<DeployNotice key="deploy-notice" deploy={deploy} locale={localeOfPath(pathname)} />],
  };
}
