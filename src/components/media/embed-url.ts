/**
 * Turns what an editor pasted (a page URL or a provider's embed code) into the one URL an iframe may load.
 * Embed code is never rendered: only an iframe `src` is read from it, parsed and checked against the shared
 * host table (contract/embed-hosts.ts) like everything else.
 */
import { allowedHost, extractUrl, providerNames, type EmbedKind } from '../../../contract/embed-hosts';

export interface EmbedFrame {
  src: string;
  /** Players that scale with their width; otherwise `height` (px) holds the player's fixed height. */
  aspectRatio?: number;
  height?: number;
  /** Permissions policy for the frame; autoplay is never granted. */
  allow?: string;
  allowFullScreen?: boolean;
}

export type ResolvedEmbed =
  | { allowed: false }
  | {
      allowed: true;
      host: string;
      provider: string;
      /** Where the content lives at the provider, for a plain link. */
      link: string;
      /** Null when no embeddable address can be derived from the input. */
      frame: EmbedFrame | null;
    };

const video = { aspectRatio: 16 / 9, allow: 'encrypted-media; fullscreen; picture-in-picture', allowFullScreen: true };
const viewerFrame = { aspectRatio: 4 / 3, allow: 'fullscreen', allowFullScreen: true };
const post = { height: 640 };

/** Size of a frame whose embed code we take as given, by the kind of content. */
const kindDefaults: Record<EmbedKind, Omit<EmbedFrame, 'src'>> = {
  video,
  videoList: video,
  audio: { height: 200, allow: 'encrypted-media' },
  viewer: viewerFrame,
  social: post,
};

const segmentsOf = (url: URL) => url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
const isToken = (value: string | undefined | null): value is string => !!value && /^[\w-]{1,128}$/.test(value);

/** `90`, `90s`, `1m30s`, `1h2m3s` → seconds; 0 when absent or unreadable. */
function seconds(value: string | null): number {
  const match = value ? /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value) : null;
  if (!match) return 0;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.href;
}

/** YouTube always through its no-cookie domain: nothing is stored in the visitor's browser before playback. */
function youtube(url: URL): EmbedFrame | null {
  const [first, second] = segmentsOf(url);
  const list = url.searchParams.get('list');
  let id: string | null | undefined;
  if (url.hostname === 'youtu.be') id = first;
  else if (first === 'watch') id = url.searchParams.get('v');
  else if (first && ['embed', 'shorts', 'live', 'v'].includes(first)) id = second;
  if ((!id || id === 'videoseries') && isToken(list)) {
    return { ...video, src: withParams('https://www.youtube-nocookie.com/embed/videoseries', { list }) };
  }
  if (!isToken(id)) return null;
  const start = seconds(url.searchParams.get('start') ?? url.searchParams.get('t'));
  return {
    ...video,
    src: withParams(`https://www.youtube-nocookie.com/embed/${id}`, { start: start ? String(start) : undefined }),
  };
}

function vimeo(url: URL): EmbedFrame | null {
  const segments = segmentsOf(url);
  const index = segments.findIndex((segment) => /^\d+$/.test(segment));
  if (index < 0) return null;
  // Unlisted videos carry a hash, either as `?h=` or as the path segment after the id.
  const next = segments[index + 1];
  const hash = url.searchParams.get('h') ?? (next && /^[0-9a-f]{6,}$/i.test(next) ? next : undefined);
  return {
    ...video,
    src: withParams(`https://player.vimeo.com/video/${segments[index]}`, { h: isToken(hash) ? hash : undefined }),
  };
}

const spotifyTypes = ['track', 'album', 'playlist', 'episode', 'show', 'artist'];

function spotify(url: URL): EmbedFrame | null {
  const [type, id] = segmentsOf(url).filter((segment) => segment !== 'embed' && !segment.startsWith('intl-'));
  if (!spotifyTypes.includes(type) || !id || !/^[A-Za-z0-9]+$/.test(id)) return null;
  // Spotify's own sizes: the compact player for single items, the list player for collections.
  const single = type === 'track' || type === 'episode';
  return { src: `https://open.spotify.com/embed/${type}/${id}`, height: single ? 152 : 352, allow: 'encrypted-media' };
}

function soundcloud(url: URL): EmbedFrame | null {
  let target: URL;
  if (url.hostname === 'w.soundcloud.com') {
    const given = url.searchParams.get('url');
    const parsed = given ? extractUrl(given) : null;
    if (!parsed || !/(^|\.)soundcloud\.com$/.test(parsed.hostname)) return null;
    target = parsed;
  } else {
    if (segmentsOf(url).length === 0) return null;
    target = new URL(`https://soundcloud.com${url.pathname}`);
  }
  const segments = segmentsOf(target);
  const single = segments.length >= 2 && !['sets', 'playlists'].some((kind) => segments.includes(kind));
  return {
    src: withParams('https://w.soundcloud.com/player/', { url: target.href, visual: 'false' }),
    height: single ? 166 : 450,
  };
}

function applePodcasts(url: URL): EmbedFrame | null {
  if (!segmentsOf(url).includes('podcast')) return null;
  const episode = url.searchParams.has('i');
  return {
    src: `https://embed.podcasts.apple.com${url.pathname}${url.search}`,
    height: episode ? 175 : 450,
    allow: 'encrypted-media',
  };
}

function podigee(url: URL): EmbedFrame | null {
  // Podcast pages live on `{podcast}.podigee.io`; podigee.com is the company's own site.
  if (!url.hostname.endsWith('.podigee.io')) return null;
  const path = url.pathname.replace(/\/+$/, '');
  const src = path.endsWith('/embed') ? url.href : withParams(`${url.origin}${path}/embed`, { context: 'external' });
  return { src, height: 200 };
}

function issuu(url: URL): EmbedFrame | null {
  if (url.hostname === 'e.issuu.com') return { ...viewerFrame, src: url.href };
  const [user, docs, doc] = segmentsOf(url);
  if (docs !== 'docs' || !isToken(user) || !doc) return null;
  return { ...viewerFrame, src: withParams('https://e.issuu.com/embed.html', { d: doc, u: user }) };
}

function calameo(url: URL): EmbedFrame | null {
  if (url.hostname === 'v.calameo.com') return { ...viewerFrame, src: url.href };
  const [kind, code] = segmentsOf(url);
  if (!['read', 'books'].includes(kind) || !isToken(code)) return null;
  return { ...viewerFrame, src: withParams('https://v.calameo.com/', { bkcode: code, mode: 'mini' }) };
}

function yumpu(url: URL): EmbedFrame | null {
  const [lang, section, view, id] = segmentsOf(url);
  if (section === 'embed' && view === 'view' && isToken(id)) return { ...viewerFrame, src: url.href };
  if (section !== 'document' || !['read', 'view'].includes(view) || !/^\d+$/.test(id ?? '')) return null;
  const language = /^[a-z]{2}$/.test(lang) ? lang : 'de';
  return { ...viewerFrame, src: `https://www.yumpu.com/${language}/embed/view/${id}` };
}

function instagram(url: URL): EmbedFrame | null {
  const segments = segmentsOf(url);
  const index = segments.findIndex((segment) => ['p', 'reel', 'tv'].includes(segment));
  const code = segments[index + 1];
  if (index < 0 || !isToken(code)) return null;
  return { ...post, src: `https://www.instagram.com/${segments[index]}/${code}/embed` };
}

function facebook(url: URL): EmbedFrame | null {
  const segments = segmentsOf(url);
  if (segments[0] === 'plugins') return { ...post, src: url.href };
  if (segments.length === 0) return null;
  const isVideo = segments.includes('videos') || segments[0] === 'watch' || segments[0] === 'reel';
  const href = `https://www.facebook.com${url.pathname}${url.search}`;
  return isVideo
    ? { ...video, src: withParams('https://www.facebook.com/plugins/video.php', { href, show_text: 'false' }) }
    : { ...post, src: withParams('https://www.facebook.com/plugins/post.php', { href, show_text: 'true' }) };
}

function twitter(url: URL): EmbedFrame | null {
  if (url.hostname === 'platform.twitter.com') return { ...post, src: url.href };
  const [, status, id] = segmentsOf(url);
  if (status !== 'status' || !/^\d+$/.test(id ?? '')) return null;
  return { ...post, src: withParams('https://platform.twitter.com/embed/Tweet.html', { id, dnt: 'true' }) };
}

function linkedin(url: URL): EmbedFrame | null {
  const segments = segmentsOf(url);
  const isUrn = (value: string | undefined) => !!value && /^urn:li:(activity|share|ugcPost):\d+$/.test(value);
  let urn: string | undefined;
  if (segments[0] === 'embed' && isUrn(segments[3])) urn = segments[3];
  else if (segments[0] === 'feed' && segments[1] === 'update' && isUrn(segments[2])) urn = segments[2];
  else if (segments[0] === 'posts') {
    const activity = /activity-(\d+)/.exec(segments[1] ?? '');
    if (activity) urn = `urn:li:activity:${activity[1]}`;
  }
  return urn ? { ...post, src: `https://www.linkedin.com/embed/feed/update/${urn}` } : null;
}

/** One builder per allowed host (keys as in the host table). */
const builders: Record<string, (url: URL) => EmbedFrame | null> = {
  'youtube.com': youtube,
  'youtube-nocookie.com': youtube,
  'youtu.be': youtube,
  'vimeo.com': vimeo,
  'spotify.com': spotify,
  'soundcloud.com': soundcloud,
  'podcasts.apple.com': applePodcasts,
  'podigee.io': podigee,
  'podigee.com': podigee,
  'issuu.com': issuu,
  'calameo.com': calameo,
  'yumpu.com': yumpu,
  'instagram.com': instagram,
  'facebook.com': facebook,
  'x.com': twitter,
  'twitter.com': twitter,
  'linkedin.com': linkedin,
};

/** The `src` of an `<iframe>` in pasted embed code, as an https URL on an allowed host; otherwise null. */
function iframeSource(kind: EmbedKind, embed: string): URL | null {
  const match = /<iframe\b[^>]*?\ssrc\s*=\s*(["'])(.*?)\1/is.exec(embed);
  if (!match) return null;
  // Embed code escapes ampersands and often leaves the scheme off (`//v.calameo.com/…`).
  const src = match[2].trim().replace(/&amp;/g, '&');
  const absolute = src.startsWith('//') ? `https:${src}` : src;
  return allowedHost(kind, absolute) ? extractUrl(absolute) : null;
}

/** What an embed field may show: nothing when its host is not allowed, else provider, link and frame. */
export function resolveEmbed(kind: EmbedKind, embed: string): ResolvedEmbed {
  const host = allowedHost(kind, embed);
  const link = extractUrl(embed);
  if (!host || !link) return { allowed: false };

  const fromCode = iframeSource(kind, embed);
  const source = fromCode ?? link;
  const sourceHost = allowedHost(kind, source.href) ?? host;
  const built = builders[sourceHost]?.(source) ?? null;
  const frame = built ?? (fromCode ? { ...kindDefaults[kind], src: fromCode.href } : null);
  return { allowed: true, host, provider: providerNames[host] ?? host, link: link.href, frame };
}
