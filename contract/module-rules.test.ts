import {
  anchorPattern,
  anchorRule,
  checkModuleFields,
  embedRule,
  headlineLevelRule,
  headlineLevels,
  isBlankHtml,
  lengthRule,
  linkFallbackRule,
  linkRule,
  listRule,
  mediaIdRule,
  requiredRule,
  teaserTextMax,
  type ModuleFinding,
  type RuleField,
} from './module-rules';

describe('module field rules the editor and the server share', () => {
  it('counts rich text without a visible character as blank', () => {
    // What the editor and the server each counted as blank before they shared the rule.
    for (const html of ['', '<p></p>', '<p>&nbsp; </p>', '<p><br></p>', '<p><span lang="it"> </span></p>', '<p>\u00a0</p>', '<p>&#160;</p>']) {
      expect(isBlankHtml(html)).toBe(true);
    }
    for (const html of ['<p><strong>x</strong></p>', '<p><span lang="it">Largo</span></p>', '<p>&amp;</p>', '<p>.</p>']) expect(isBlankHtml(html)).toBe(false);
  });

  it('takes an anchor that starts with a letter and holds only letters, digits, - and _', () => {
    for (const anchor of ['programm', 'Teil-2', 'a_b']) expect(anchorPattern.test(anchor)).toBe(true);
    for (const anchor of ['2-teil', '-a', 'a b', 'ä', '']) expect(anchorPattern.test(anchor)).toBe(false);
  });

  it('offers the headline levels below the page title', () => {
    expect(headlineLevels).toEqual([2, 3, 4, 5, 6]);
  });
});

/** Each rule over a table of values: what it finds (its code and parameters), or nothing. */
const table: [string, () => ModuleFinding | undefined, Omit<ModuleFinding, 'path'> | undefined][] = [
  ['required: text', () => requiredRule('content', 'Titel'), undefined],
  ['required: empty', () => requiredRule('content', ''), { code: 'required' }],
  ['required: only spaces and a tab', () => requiredRule('content', ' \t '), { code: 'required' }],
  ['required: missing', () => requiredRule('content', undefined), { code: 'required' }],
  ['required: a number is filled', () => requiredRule('image', 0), undefined],
  ['required: rich text without a visible character', () => requiredRule('content', '<p><br></p>', true), { code: 'required' }],
  ['required: rich text', () => requiredRule('content', '<p>x</p>', true), undefined],
  ['list: one item', () => listRule('items', [{}]), undefined],
  ['list: no item', () => listRule('items', []), { code: 'list_empty' }],
  ['list: no list', () => listRule('items', undefined), { code: 'list_empty' }],
  ['headline level 2', () => headlineLevelRule('headline_level', 2), undefined],
  ['headline level "6" from a select', () => headlineLevelRule('headline_level', '6'), undefined],
  ['headline level 1, the page title', () => headlineLevelRule('headline_level', 1), { code: 'headline_level' }],
  ['headline level 7', () => headlineLevelRule('headline_level', 7), { code: 'headline_level' }],
  ['teaser text of 256', () => lengthRule('text', 'a'.repeat(teaserTextMax), teaserTextMax), undefined],
  ['teaser text of 257', () => lengthRule('text', 'a'.repeat(257), teaserTextMax), { code: 'too_long', params: { max: 256, length: 257 } }],
  ['video on YouTube', () => embedRule('video_url', 'video', 'https://www.youtube.com/watch?v=x'), undefined],
  ['video on youtu.be', () => embedRule('video_url', 'video', 'https://youtu.be/x'), { code: 'embed_host', params: { hosts: 'youtube.com, youtube-nocookie.com, vimeo.com' } }],
  ['video list on youtu.be', () => embedRule('children.0.video_url', 'videoList', 'https://youtu.be/x'), undefined],
  ['video over http', () => embedRule('video_url', 'video', 'http://vimeo.com/1'), { code: 'embed_host', params: { hosts: 'youtube.com, youtube-nocookie.com, vimeo.com' } }],
  ['embed left empty', () => embedRule('embed', 'audio', ''), undefined],
  ['embed of spaces, left empty', () => embedRule('embed', 'audio', '  '), undefined],
  ['embed elsewhere', () => embedRule('embed', 'audio', 'https://evil.example/a'), { code: 'embed_host', params: { hosts: 'spotify.com, soundcloud.com, podcasts.apple.com, podigee.io, podigee.com' } }],
  ['anchor', () => anchorRule('anchor', 'teil-2'), undefined],
  ['anchor with spaces around', () => anchorRule('anchor', ' teil-2 '), undefined],
  ['anchor from a digit', () => anchorRule('anchor', '2-teil'), { code: 'anchor_pattern' }],
  ['anchor left empty', () => anchorRule('anchor', ''), undefined],
  ['media id', () => mediaIdRule('image', 3), undefined],
  ['media id as text', () => mediaIdRule('image', ' 3 '), undefined],
  ['media id 0', () => mediaIdRule('image', 0), { code: 'media_id' }],
  ['media id of words', () => mediaIdRule('image', 'bild'), { code: 'media_id' }],
  ['link: site path', () => linkRule('link', '/de/programm/'), undefined],
  ['link: anchor', () => linkRule('link', '#karten'), undefined],
  ['link: mailto', () => linkRule('link', 'mailto:info@konzertfreunde.example'), undefined],
  ['link: script', () => linkRule('link', 'javascript:alert(1)'), { code: 'link_rule' }],
  ['link: another host without scheme', () => linkRule('link', '//evil.example/'), { code: 'link_rule' }],
  ['link: spaces, left empty', () => linkRule('link', '  '), undefined],
  ['link: a space inside', () => linkRule('link', '/de/pro gramm/'), { code: 'link_rule' }],
  ['link: a picked page where picking is allowed', () => linkRule('link', 'page:12', true), undefined],
  ['link: a picked page where only addresses go', () => linkRule('link_url', 'page:12'), { code: 'link_rule' }],
  ['fallback beside a picked event', () => linkFallbackRule({ link: 'event:3', link_url: '/de/programm/' }), undefined],
  ['fallback beside a typed link', () => linkFallbackRule({ link: '/de/', link_url: '/de/programm/' }), { code: 'link_fallback' }],
  ['no fallback', () => linkFallbackRule({ link: '/de/', link_url: '' }), undefined],
  ['a fallback of spaces, left empty', () => linkFallbackRule({ link: '/de/', link_url: ' ' }), undefined],
];

describe('each module rule over a table of values', () => {
  it.each(table)('%s', (_name, run, expected) => {
    const found = run();
    if (expected === undefined) expect(found).toBeUndefined();
    else expect(found).toEqual({ path: expect.any(String) as unknown, ...expected });
  });
});

describe('a module checked against its fields', () => {
  const fields: RuleField[] = [
    { kind: 'level', name: 'headline_level' },
    { kind: 'text', name: 'content', required: true },
    { kind: 'list', name: 'children', item: [{ kind: 'media', name: 'image', required: true }, { kind: 'link', name: 'link' }] },
    { kind: 'text', name: 'anchor' },
  ];

  it('finds at most one rule a field, in the fields’ order, list items by index', () => {
    const values = { headline_level: 9, content: ' ', children: [{ image: 2, link: 'event:4' }, { image: '', link: 'javascript:x' }], anchor: '1a' };
    expect(checkModuleFields(fields, values)).toEqual([
      { path: 'headline_level', code: 'headline_level' },
      { path: 'content', code: 'required' },
      { path: 'children.1.image', code: 'media_id' },
      { path: 'children.1.link', code: 'link_rule' },
      { path: 'anchor', code: 'anchor_pattern' },
    ]);
    expect(checkModuleFields(fields, { headline_level: 2, content: 'Titel', children: [{ image: 1, link: '' }], anchor: '' })).toEqual([]);
    expect(checkModuleFields(fields, { headline_level: 2, content: 'Titel', children: [] })).toEqual([{ path: 'children', code: 'list_empty' }]);
  });

  it('refuses the link module’s fallback only beside a typed link, and only once', () => {
    const link: RuleField[] = [{ kind: 'link', name: 'link', required: true }, { kind: 'text', name: 'link_url' }];
    expect(checkModuleFields(link, { link: '/de/', link_url: '/de/a/' })).toEqual([{ path: 'link_url', code: 'link_fallback' }]);
    expect(checkModuleFields(link, { link: 'page:2', link_url: '/de/a/' })).toEqual([]);
    expect(checkModuleFields(link, { link: '/de/', link_url: 'javascript:x' })).toEqual([{ path: 'link_url', code: 'link_rule' }]);
  });
});
