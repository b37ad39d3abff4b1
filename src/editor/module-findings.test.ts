import { moduleFields, moduleToValues, emptyValues, valuesToModule } from '../staff/module-fields';
import { validateModule, type RuleMessages } from './module-findings';
import { isBlankHtml } from '../../contract/module-rules';

const messages: RuleMessages = {
  required: 'required',
  tooLong: (max, length) => `max ${max} (${length})`,
  headlineLevel: 'level',
  embedHost: (hosts) => `hosts: ${hosts}`,
  anchorPattern: 'anchor',
  mediaId: 'media',
  linkRule: 'link',
  listEmpty: 'list',
  linkFallback: 'fallback',
};

describe('validateModule', () => {
  it('asks for the required fields of a new module', () => {
    expect(validateModule(moduleFields.headline, emptyValues(moduleFields.headline), messages)).toEqual({ content: 'required' });
    expect(validateModule(moduleFields.link, emptyValues(moduleFields.link), messages)).toEqual({ content: 'required', link: 'required' });
    expect(validateModule(moduleFields.image, emptyValues(moduleFields.image), messages)).toEqual({ image: 'media' });
  });

  it('asks for at least one item in every list, and counts text of only spaces as empty', () => {
    for (const type of ['faq', 'teaser_list', 'image_list', 'video_list', 'logo_list'] as const) {
      const list = moduleFields[type].find((field) => field.kind === 'list')!;
      expect(validateModule(moduleFields[type], emptyValues(moduleFields[type]), messages)).toMatchObject({ [list.name]: 'list' });
    }
    expect(validateModule(moduleFields.faq, { items: [{ content: ' \t', answer: '' }] }, messages)).toEqual({ items: [{ content: 'required' }] });
    expect(validateModule(moduleFields.headline, { content: '   ', headline_level: 2 }, messages)).toEqual({ content: 'required' });
  });

  it('counts rich text without visible characters as empty', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p><strong>x</strong></p>')).toBe(false);
    expect(validateModule(moduleFields.text, { content: '<p><br></p>' }, messages)).toEqual({ content: 'required' });
  });

  it('holds the headline level to 2–6', () => {
    const values = { ...emptyValues(moduleFields.headline), content: 'Titel' };
    expect(validateModule(moduleFields.headline, { ...values, headline_level: 1 }, messages)).toEqual({ headline_level: 'level' });
    expect(validateModule(moduleFields.headline, { ...values, headline_level: '6' }, messages)).toEqual({});
    expect(validateModule(moduleFields.headline, { ...values, headline_level: 7 }, messages)).toEqual({ headline_level: 'level' });
  });

  it('allows a full teaser text of 256 characters, not 257', () => {
    const values = { ...emptyValues(moduleFields.full_teaser), headline: 'H' };
    expect(validateModule(moduleFields.full_teaser, { ...values, text: 'a'.repeat(256) }, messages)).toEqual({});
    expect(validateModule(moduleFields.full_teaser, { ...values, text: 'a'.repeat(257) }, messages)).toEqual({ text: 'max 256 (257)' });
  });

  it('checks embeds against the shared host table, youtu.be only in video lists', () => {
    const video = { ...emptyValues(moduleFields.video), image: 3 };
    expect(validateModule(moduleFields.video, { ...video, video_url: 'https://www.youtube.com/watch?v=x' }, messages)).toEqual({});
    expect(validateModule(moduleFields.video, { ...video, video_url: 'https://youtu.be/x' }, messages)).toEqual({
      video_url: expect.stringContaining('hosts: youtube.com') as unknown,
    });
    expect(validateModule(moduleFields.video, { ...video, video_url: 'http://vimeo.com/1' }, messages).video_url).toBeDefined();
    const list = { children: [{ video_url: 'https://youtu.be/x', image: 4, title: '', content: '' }, { video_url: 'https://evil.example/x', image: '' }] };
    expect(validateModule(moduleFields.video_list, list, messages)).toEqual({
      children: [{}, { video_url: expect.stringContaining('youtu.be') as unknown, image: 'media' }],
    });
    expect(validateModule(moduleFields.audio, { embed: '<iframe src="https://open.spotify.com/embed/x"></iframe>' }, messages)).toEqual({});
    expect(validateModule(moduleFields.social_media, { embed: 'https://www.tiktok.com/@x' }, messages).embed).toBeDefined();
  });

  it('checks the anchor pattern and media numbers', () => {
    const values = { ...emptyValues(moduleFields.image), image: 'abc', anchor: '1x' };
    expect(validateModule(moduleFields.image, values, messages)).toEqual({ image: 'media', anchor: 'anchor' });
  });

  it('holds every module link field to the one link rule (ADR 026), in list items too', () => {
    for (const link of ['javascript:alert(1)', ' javascript:alert(1)', 'java\nscript:x', 'data:text/html,x', '//evil.example/x', '/\\evil.example']) {
      expect(validateModule(moduleFields.link, { ...emptyValues(moduleFields.link), content: 'x', link }, messages)).toEqual({ link: 'link' });
      expect(validateModule(moduleFields.link, { ...emptyValues(moduleFields.link), content: 'x', link: '/de', link_url: link }, messages)).toEqual({ link_url: 'link' });
      expect(validateModule(moduleFields.full_teaser, { ...emptyValues(moduleFields.full_teaser), headline: 'x', link }, messages)).toEqual({ link: 'link' });
      const teasers = { ...emptyValues(moduleFields.teaser_list), children: [{ headline: 'a', link: '/de' }, { headline: 'b', link }] };
      expect(validateModule(moduleFields.teaser_list, teasers, messages)).toEqual({ children: [{}, { link: 'link' }] });
    }
    for (const link of ['/de/kontakt', '#oben', 'https://example.org', 'mailto:a@example.org', 'tel:+49761']) {
      expect(validateModule(moduleFields.link, { ...emptyValues(moduleFields.link), content: 'x', link }, messages)).toEqual({});
    }
  });

  it("refuses the link module's fallback address beside a typed link and keeps it beside a picked target (ADR 062)", () => {
    const link = { ...emptyValues(moduleFields.link), content: 'x' };
    expect(validateModule(moduleFields.link, { ...link, link: 'https://example.org/richtig', link_url: '/de/impressum' }, messages)).toEqual({ link_url: 'fallback' });
    expect(validateModule(moduleFields.link, { ...link, link: 'page:12', link_url: '/de/impressum' }, messages)).toEqual({});
    expect(validateModule(moduleFields.link, { ...link, link: 'https://example.org/richtig', link_url: '  ' }, messages)).toEqual({});
  });

  it('takes a picked page or event (ADR 034) in a link field, never in the typed address field', () => {
    expect(validateModule(moduleFields.link, { ...emptyValues(moduleFields.link), content: 'x', link: 'event:34' }, messages)).toEqual({});
    expect(validateModule(moduleFields.link, { ...emptyValues(moduleFields.link), content: 'x', link: '/de', link_url: 'page:12' }, messages)).toEqual({ link_url: 'link' });
    const teasers = { ...emptyValues(moduleFields.teaser_list), children: [{ headline: 'a', link: 'page:12' }, { headline: 'b', link: 'page:0' }] };
    expect(validateModule(moduleFields.teaser_list, teasers, messages)).toEqual({ children: [{}, { link: 'link' }] });
  });
});

describe('form values', () => {
  it('turn media into ids and back, keeping list items', () => {
    const media = { id: 7, width: 1, height: 1, alt: '', copyright: '', color: '', src: '/media/7/original.jpg' };
    const values = moduleToValues('logo_list', { children: [{ image: media, image_alt: 'A', image_copyright: '', link: '', text: '' }], anchor: '' });
    expect(values.children).toEqual([{ image: 7, image_alt: 'A', image_copyright: '', link: '', text: '' }]);
    expect(valuesToModule('logo_list', { ...values, anchor: ' logos ' })).toEqual({
      type: 'logo_list',
      anchor: 'logos',
      children: [{ image: 7, image_alt: 'A', image_copyright: '', link: '', text: '' }],
    });
    expect(valuesToModule('full_teaser', { ...emptyValues(moduleFields.full_teaser), image: '' }).image).toBeNull();
    expect(valuesToModule('headline', { ...emptyValues(moduleFields.headline), headline_level: '3' }).headline_level).toBe(3);
  });
});
