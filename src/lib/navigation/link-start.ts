/** Calls back when a click will start an in-site navigation, so the progress bar can begin before data loads. */
export function onInternalNavigationStart(callback: () => void): void {
  document.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname) return;
      callback();
    },
    true,
  );
  window.addEventListener('popstate', callback);
}
