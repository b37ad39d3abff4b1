import type { GatsbySSR } from 'gatsby';
import React from 'react';
import type { DeployInfo } from './gatsby/build-config';
import { deployComponents } from './src/components/seo/deploy-notice';
import { siteIconLinks } from './src/components/seo/site-icons';
import { storedConsentScript } from './src/lib/consent/stored-mark';
import { allTranslations } from './src/lib/i18n/all-translations';
import { registerTranslations } from './src/lib/i18n/instances';
import { translationUrl } from './src/lib/i18n/load-translations';
import { pageLanguageAt, pathLanguage } from './src/lib/i18n/page-language';
import { TranslationProvider } from './src/lib/i18n/use-translation';
import { locales } from './contract/locales';
import { tagManagerScripts } from './src/lib/consent/tag-manager';

const tagManager = tagManagerScripts();
for (const locale of locales) registerTranslations(locale, allTranslations[locale]);
// The cookie banner is in every page's HTML (ADR 041): a stored choice hides it before the first paint, and without
// script (no way to answer it, nothing to consent to) it stays away.
const consentHead = [
  <script key="consent-stored" dangerouslySetInnerHTML={{ __html: storedConsentScript() }} />,
  <noscript key="consent-noscript">
    <style>{'.consent-banner{display:none}'}</style>
  </noscript>,
];
// Given by the build (gatsby-node's define of KF_DEPLOY), so previews are marked in the static HTML without any
// script for visitors; a render without it is a local one.
const deploy: DeployInfo = process.env.KF_DEPLOY ? (JSON.parse(process.env.KF_DEPLOY) as DeployInfo) : { context: 'local', indexable: true };

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ pathname, setHtmlAttributes, setHeadComponents, setPreBodyComponents }) => {
  // The Head of each template sets the page's language; this is the fallback for pages without one.
  setHtmlAttributes({ lang: 'de' });
  const forDeploy = deployComponents(deploy, pathname);
  // The page's translations (ADR 041): fetched by the browser beside the scripts, not after them.
  const translations = <link key="translations" rel="preload" as="fetch" crossOrigin="anonymous" href={translationUrl(pathLanguage(pathname))} />;
  const head = [...consentHead, translations, ...siteIconLinks, ...forDeploy.head];
  if (tagManager) {
    // Inert until the cookie manager sees tracking consent: it then turns them into running scripts, in order.
    head.push(
      <script key="tag-manager-init" type="text/plain" data-category="tracking" dangerouslySetInnerHTML={{ __html: tagManager.inline }} />,
      <script key="tag-manager" type="text/plain" data-category="tracking" data-src={tagManager.src} />,
    );
  }
  setHeadComponents(head);
  if (forDeploy.preBody.length) setPreBodyComponents(forDeploy.preBody);
};

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) => (
  <TranslationProvider locale={pageLanguageAt(props.pageContext, props.location.pathname)}>{element}</TranslationProvider>
);
