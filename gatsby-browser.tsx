import type { GatsbyBrowser } from 'gatsby';
import './src/styles/global.css';
import './src/styles/layout.css';
import './src/styles/modules.css';
import './src/styles/magazine.css';
import './src/styles/programme.css';
import './src/styles/exchange.css';
import './src/styles/newsletter.css';
import './src/styles/search.css';
import './src/styles/forms.css';
import './src/styles/motion.css';
import { installChunkReload } from './src/lib/navigation/chunk-reload';
import { scrollToHash } from './src/lib/navigation/hash-scroll';
import { onInternalNavigationStart } from './src/lib/navigation/link-start';
import { createProgressBar } from './src/lib/navigation/progress-bar';

const progress = typeof window === 'undefined' ? null : createProgressBar();

export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  installChunkReload();
  onInternalNavigationStart(() => {
    document.documentElement.classList.add('is-leaving');
    progress?.start();
  });
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location, prevLocation }) => {
  progress?.done();
  document.documentElement.classList.remove('is-leaving');
  if (location.hash) scrollToHash(location.hash);
  else if (prevLocation) window.scrollTo(0, 0);
};

/** Scrolling is ours: top on every route change, hash targets with the spec's delay and offset. */
export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = () => false;

/** Marks the document once React has hydrated; end-to-end tests wait for it before they interact. */
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  document.documentElement.dataset.hydrated = 'true';
};
