import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { tagManagerScripts } from './src/lib/consent/tag-manager';

const tagManager = tagManagerScripts();

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents }) => {
  // The Head of each template sets the page's language; this is the fallback for pages without one.
  setHtmlAttributes({ lang: 'de' });
  const head = [<link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />];
  if (tagManager) {
    // Inert until the cookie manager sees tracking consent: it then turns them into running scripts, in order.
    head.push(
      <script key="tag-manager-init" type="text/plain" data-category="tracking" dangerouslySetInnerHTML={{ __html: tagManager.inline }} />,
      <script key="tag-manager" type="text/plain" data-category="tracking" data-src={tagManager.src} />,
    );
  }
  setHeadComponents(head);
};
