import type { GatsbySSR } from 'gatsby';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  // The Head of each template sets the page's language; this is the fallback for pages without one.
  setHtmlAttributes({ lang: 'de' });
};
