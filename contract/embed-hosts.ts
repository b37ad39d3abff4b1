/**
 * The one table of hosts an embed may point to (docs/product.md, Validation; hosts named in design.md).
 * Imported by the server (validation) and the site/editor (placeholder text, validation).
 */
export const embedHosts = {
  video: ['youtube.com', 'youtube-nocookie.com', 'vimeo.com'],
  videoList: ['youtube.com', 'youtube-nocookie.com', 'vimeo.com', 'youtu.be'],
  audio: ['spotify.com', 'soundcloud.com', 'podcasts.apple.com', 'podigee.io', 'podigee.com'],
  viewer: ['issuu.com', 'calameo.com', 'yumpu.com'],
  social: ['instagram.com', 'facebook.com', 'x.com', 'twitter.com', 'linkedin.com'],
} as const;

export type EmbedKind = keyof typeof embedHosts;

/** Provider names shown to visitors on consent placeholders. */
export const providerNames: Record<string, string> = {
  'youtube.com': 'YouTube',
  'youtube-nocookie.com': 'YouTube',
  'youtu.be': 'YouTube',
  'vimeo.com': 'Vimeo',
  'spotify.com': 'Spotify',
  'soundcloud.com': 'SoundCloud',
  'podcasts.apple.com': 'Apple Podcasts',
  'podigee.io': 'Podigee',
  'podigee.com': 'Podigee',
  'issuu.com': 'Issuu',
  'calameo.com': 'Calaméo',
  'yumpu.com': 'Yumpu',
  'instagram.com': 'Instagram',
  'facebook.com': 'Facebook',
  'x.com': 'X',
  'twitter.com': 'X',
  'linkedin.com': 'LinkedIn',
};

/** Finds the first http(s) URL in an embed code or URL string. */
export function extractUrl(embed: string): URL | null {
  const match = /https?:\/\/[^\s"'<>]+/i.exec(embed);
  if (!match) return null;
  try {
    return new URL(match[0]);
  } catch {
    return null;
  }
}

/** The allowed host an embed points to, or null when it points nowhere allowed. */
export function allowedHost(kind: EmbedKind, embed: string): string | null {
  const url = extractUrl(embed);
  if (!url || url.protocol !== 'https:') return null;
  const hostname = url.hostname.toLowerCase();
  for (const host of embedHosts[kind]) {
    if (hostname === host || hostname.endsWith(`.${host}`)) return host;
  }
  return null;
}
