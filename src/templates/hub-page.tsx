/**
 * `/cms-hub` and every address below it (docs/product.md, Routes; ADR 016): the staff hub, client-only. This page is a
 * tiny shell; the hub itself is the `hub` chunk, loaded once the page runs in a browser, so none of it reaches a
 * visitor (this page is only loaded by staff who go to /cms-hub). gatsby/create-hub-page.ts makes the page, with
 * the match path `/cms-hub/*`.
 */
import type { HeadFC, PageProps } from 'gatsby';
import React, { lazy, Suspense, useEffect, useState } from 'react';
import { texts } from '../hub/texts';

const Hub = lazy(() => import(/* webpackChunkName: "hub" */ '../hub'));

const loading = (
  <p className="hub-loading" role="status">
    {texts.loadingHub}
  </p>
);

export default function CmsHubPage({ location }: PageProps) {
  // The built HTML and the first render in the browser show the same loading note; the hub only runs in a browser.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (!inBrowser) return loading;
  return (
    <Suspense fallback={loading}>
      <Hub location={{ pathname: location.pathname, search: location.search, state: location.state }} />
    </Suspense>
  );
}

export const Head: HeadFC = () => (
  <>
    <html lang="de" />
    <title>{`${texts.hubName} | ${texts.siteName}`}</title>
    <meta name="robots" content="noindex, nofollow" />
  </>
);
