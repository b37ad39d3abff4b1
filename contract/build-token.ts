/**
 * What a build token (BUILD_TOKEN, ADR 024) must look like, shared by the content server's config and the source
 * plugin's client, so a token one side accepts is never refused by the other. Printable ASCII without spaces: it
 * travels in an HTTP header (`Authorization: Bearer <token>`), where anything else is refused or mangled.
 */
export const minBuildTokenLength = 32;
export const maxBuildTokenLength = 512;

export const buildTokenRule = `at least ${minBuildTokenLength} (at most ${maxBuildTokenLength}) printable ASCII characters without spaces, e.g. \`openssl rand -hex 32\``;

export function isValidBuildToken(token: string): boolean {
  return token.length >= minBuildTokenLength && token.length <= maxBuildTokenLength && /^[\x21-\x7e]+$/.test(token);
}
