import { resolveEmbed } from './embed-url';

const srcOf = (...args: Parameters<typeof resolveEmbed>) => {
  const resolved = resolveEmbed(...args);
  if (!resolved.allowed) throw new Error(`not allowed: ${args[1]}`);
  return resolved.frame?.src ?? null;
};

describe('resolveEmbed', () => {
  it.each([
    ['video', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'video',
      'https://youtube.com/shorts/dQw4w9WgXcQ?feature=share',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'video',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    ],
    [
      'video',
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=abc" allowfullscreen></iframe>',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'video',
      'https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
      'https://www.youtube-nocookie.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
    ],
    ['videoList', 'https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42'],
    ['video', 'https://vimeo.com/123456789', 'https://player.vimeo.com/video/123456789'],
    ['video', 'https://vimeo.com/123456789/abcdef1234', 'https://player.vimeo.com/video/123456789?h=abcdef1234'],
    [
      'video',
      'https://player.vimeo.com/video/123456789?h=abcdef1234&autoplay=1',
      'https://player.vimeo.com/video/123456789?h=abcdef1234',
    ],
    [
      'audio',
      'https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC?si=x',
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    ],
    [
      'audio',
      'https://soundcloud.com/konzertfreunde/sets/saison-2026',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fkonzertfreunde%2Fsets%2Fsaison-2026&visual=false',
    ],
    [
      'audio',
      'https://podcasts.apple.com/de/podcast/konzertgespraech/id1234567890?i=1000600000000',
      'https://embed.podcasts.apple.com/de/podcast/konzertgespraech/id1234567890?i=1000600000000',
    ],
    [
      'audio',
      'https://konzertfreunde.podigee.io/12-saisonauftakt',
      'https://konzertfreunde.podigee.io/12-saisonauftakt/embed?context=external',
    ],
    [
      'viewer',
      'https://issuu.com/konzertfreunde/docs/saisonheft-2026-27',
      'https://e.issuu.com/embed.html?d=saisonheft-2026-27&u=konzertfreunde',
    ],
    [
      'viewer',
      'https://www.calameo.com/read/0000002690157cddcf0b6',
      'https://v.calameo.com/?bkcode=0000002690157cddcf0b6&mode=mini',
    ],
    [
      'viewer',
      '<iframe src="//v.calameo.com/?bkcode=0000002690157cddcf0b6&amp;mode=mini"></iframe> <a href="https://www.calameo.com/">Calaméo</a>',
      'https://v.calameo.com/?bkcode=0000002690157cddcf0b6&mode=mini',
    ],
    [
      'viewer',
      'https://www.yumpu.com/de/document/read/65158466/saisonheft',
      'https://www.yumpu.com/de/embed/view/65158466',
    ],
    ['social', 'https://www.instagram.com/p/C1a2B3c4D5e/', 'https://www.instagram.com/p/C1a2B3c4D5e/embed'],
    [
      'social',
      'https://www.facebook.com/konzertfreunde/posts/pfbid02abc',
      'https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fwww.facebook.com%2Fkonzertfreunde%2Fposts%2Fpfbid02abc&show_text=true',
    ],
    [
      'social',
      'https://x.com/konzertfreunde/status/1790000000000000000',
      'https://platform.twitter.com/embed/Tweet.html?id=1790000000000000000&dnt=true',
    ],
    [
      'social',
      'https://www.linkedin.com/posts/konzertfreunde_saison-activity-7123456789012345678-AbCd',
      'https://www.linkedin.com/embed/feed/update/urn:li:activity:7123456789012345678',
    ],
  ] as const)('%s %s → %s', (kind, embed, src) => {
    expect(srcOf(kind, embed)).toBe(src);
  });

  it('names the provider from the host table and keeps the original address as link', () => {
    expect(resolveEmbed('audio', 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy')).toEqual({
      allowed: true,
      host: 'spotify.com',
      provider: 'Spotify',
      link: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
      frame: {
        src: 'https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy',
        height: 352,
        allow: 'encrypted-media',
      },
    });
  });

  it.each([
    ['video', 'https://videos.example.com/watch?v=1'],
    ['video', 'http://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['video', 'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['audio', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['social', 'javascript:alert(1)'],
    ['viewer', ''],
  ] as const)('refuses %s embed %s', (kind, embed) => {
    expect(resolveEmbed(kind, embed)).toEqual({ allowed: false });
  });

  it('never takes an iframe source from a host that is not allowed', () => {
    const code =
      '<a href="https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy"></a><iframe src="https://evil.example/player"></iframe>';
    // The page address is allowed, so the player is built from it instead of the foreign iframe.
    expect(srcOf('audio', code)).toBe('https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy');
  });

  it('offers no frame for an allowed address that is not a player', () => {
    expect(srcOf('video', 'https://www.youtube.com/@konzertfreunde')).toBeNull();
    expect(srcOf('social', 'https://www.instagram.com/konzertfreunde/')).toBeNull();
  });

  it('uses a pasted iframe of an allowed host as given when no builder knows its form', () => {
    expect(srcOf('audio', '<iframe src="https://www.podigee.com/player/?episode=12"></iframe>')).toBe(
      'https://www.podigee.com/player/?episode=12',
    );
  });
});
