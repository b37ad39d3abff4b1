/**
 * The environment variable that holds the secret Netlify signs proxied requests with (ADR 029). The build writes its
 * name into the proxy rules (`Sign=…` in `_redirects`, gatsby/netlify-files.ts), Netlify reads the secret from the
 * site's variable of that name, and the content server reads its own copy from the same name (config.ts).
 */
export const proxySignatureVariable = 'PROXY_SIGNATURE_SECRET';
