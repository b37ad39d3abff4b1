/**
 * The editor and the server check a module by the same rules (contract/module-rules.ts, ADR 079): each maps the rules'
 * findings its own way, the server to a refusal naming one field, the editor to sentences beside the fields. Over the
 * same modules, with one fault each or none, both refuse the same field or both take the module. The server gets what
 * the editor would send (its form values as a save's body).
 */
import { moduleFields, valuesToModule, type FormValues } from '../../../../src/staff/module-fields';
import { validateModule, type RuleMessages } from '../../../../src/editor/module-findings';
import type { ModuleType } from '../../../../contract/schemas/content';
import { ContentValidationError } from '../errors';
import type { MediaRow } from '../tables/media.table';
import { prepareModule } from './module-rules';

const media = new Map<number, MediaRow>(
  [1, 2].map((id) => [id, { id, filename: `${id}.jpg`, mime: 'image/jpeg', width: 800, height: 600, alt_de: 'Bild', alt_en: 'Image', copyright: '', color: '#777777', created_at: '2026-11-01T00:00:00.000Z', focal_x: 0.5, focal_y: 0.5 }]),
);
const linkTargets = new Set(['page:1', 'event:2']);

/** Each rule's code as the editor's "sentence", so a failing case says which rule the editor applied. */
const messages: RuleMessages = {
  required: 'required',
  tooLong: (max) => `too_long ${max}`,
  headlineLevel: 'headline_level',
  embedHost: () => 'embed_host',
  anchorPattern: 'anchor_pattern',
  mediaId: 'media_id',
  linkRule: 'link_rule',
  listEmpty: 'list_empty',
  linkFallback: 'link_fallback',
};

/** The dotted paths of the editor's errors (a list's errors are an array of item errors). */
function editorFields(errors: unknown, prefix = ''): string[] {
  if (typeof errors === 'string') return [prefix];
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors).flatMap(([key, value]) => editorFields(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * The field the server refuses. A video's or video list item's missing image it names by `image_url`, the address
 * derived from the image (the required field of the video's schema); the editor has no such field and shows it at
 * the image: one field under two names.
 */
function serverField(type: ModuleType, values: FormValues): string[] {
  try {
    prepareModule(valuesToModule(type, values), { locale: 'de', columns: 1, media, linkTargets });
    return [];
  } catch (error) {
    if (error instanceof ContentValidationError && error.field) return [error.field.replace(/(^|\.)image_url$/, '$1image')];
    throw error;
  }
}

const teaser = { image: '', preline: '', headline: 'Karten', subline: '', text: '', link_text: '', link: '' };
const video = { video_url: 'https://youtu.be/abc', image: 1, title: '', content: '' };

/** A module's type, its form values, and the field both refuse ('' when both take it). */
const cases: [string, ModuleType, FormValues, string][] = [
  ['a headline', 'headline', { headline_level: 2, preline: '', content: 'Titel', subline: '', anchor: 'teil-2' }, ''],
  ['a headline of spaces', 'headline', { headline_level: 2, preline: '', content: '   ', subline: '', anchor: '' }, 'content'],
  ['a headline at the page title’s level', 'headline', { headline_level: 1, preline: '', content: 'Titel', subline: '', anchor: '' }, 'headline_level'],
  ['a headline below level 6', 'headline', { headline_level: 7, preline: '', content: 'Titel', subline: '', anchor: '' }, 'headline_level'],
  ['an anchor from a digit', 'headline', { headline_level: 2, preline: '', content: 'Titel', subline: '', anchor: '2-teil' }, 'anchor'],
  ['rich text without a visible character', 'text', { content: '<p><br></p>', add_additional_space: false, show_more: false, anchor: '' }, 'content'],
  ['rich text', 'text', { content: '<p>Willkommen</p>', add_additional_space: false, show_more: false, anchor: '' }, ''],
  ['a typed link', 'link', { content: 'Mehr', link: '/de/programm/', link_url: '', open_new_window: false, extra_class: 'default', anchor: '' }, ''],
  ['a link that runs script', 'link', { content: 'Mehr', link: 'javascript:alert(1)', link_url: '', open_new_window: false, extra_class: 'default', anchor: '' }, 'link'],
  ['a link left empty', 'link', { content: 'Mehr', link: '', link_url: '', open_new_window: false, extra_class: 'default', anchor: '' }, 'link'],
  ['a fallback beside a typed link', 'link', { content: 'Mehr', link: '/de/', link_url: '/de/programm/', open_new_window: false, extra_class: 'default', anchor: '' }, 'link_url'],
  ['a fallback beside a picked page', 'link', { content: 'Mehr', link: 'page:1', link_url: '/de/programm/', open_new_window: false, extra_class: 'default', anchor: '' }, ''],
  ['a fallback that breaks the link rule', 'link', { content: 'Mehr', link: 'page:1', link_url: '//evil.example/', open_new_window: false, extra_class: 'default', anchor: '' }, 'link_url'],
  ['an image', 'image', { image: 1, alias: 'vertical', description: '', link: 'event:2', anchor: '' }, ''],
  ['an image without media', 'image', { image: '', alias: 'vertical', description: '', link: '', anchor: '' }, 'image'],
  ['an image linking with a space inside', 'image', { image: 1, alias: 'vertical', description: '', link: '/de/pro gramm/', anchor: '' }, 'link'],
  ['an image linking to spaces, left empty', 'image', { image: 1, alias: 'vertical', description: '', link: '  ', anchor: '' }, ''],
  ['an FAQ without questions', 'faq', { items: [], anchor: '' }, 'items'],
  ['an FAQ question of spaces', 'faq', { items: [{ content: 'Wann?', answer: '' }, { content: ' \t', answer: '<p>Nie</p>' }], anchor: '' }, 'items.1.content'],
  ['a video on youtu.be', 'video', { video_url: 'https://youtu.be/abc', image: 1, title: '', length: '', anchor: '' }, 'video_url'],
  ['a video on YouTube', 'video', { video_url: 'https://www.youtube.com/watch?v=abc', image: 1, title: '', length: '', anchor: '' }, ''],
  ['a video list on youtu.be', 'video_list', { children: [video], anchor: '' }, ''],
  ['a video list elsewhere', 'video_list', { children: [video, { ...video, video_url: 'https://evil.example/v' }], anchor: '' }, 'children.1.video_url'],
  ['a video list item without its image', 'video_list', { children: [{ ...video, image: '' }], anchor: '' }, 'children.0.image'],
  ['a video without its image', 'video', { video_url: 'https://www.youtube.com/watch?v=abc', image: '', title: '', length: '', anchor: '' }, 'image'],
  ['an image list item without its image', 'image_list', { extra_class: 'grid', children: [{ image: '', title: '', description: '', link: '' }], anchor: '' }, 'children.0.image'],
  ['audio elsewhere', 'audio', { embed: 'https://evil.example/a', title: '', anchor: '' }, 'embed'],
  ['audio over http', 'audio', { embed: 'http://open.spotify.com/x', title: '', anchor: '' }, 'embed'],
  ['a full teaser text of 256', 'full_teaser', { ...teaser, text: 'a'.repeat(256), extra_class: 'default', anchor: '' }, ''],
  ['a full teaser text of 257', 'full_teaser', { ...teaser, text: 'a'.repeat(257), extra_class: 'default', anchor: '' }, 'text'],
  ['a teaser list without teasers', 'teaser_list', { extra_class: 'standard', children: [], anchor: '' }, 'children'],
  ['a teaser of spaces', 'teaser_list', { extra_class: 'standard', children: [teaser, { ...teaser, headline: ' ' }], anchor: '' }, 'children.1.headline'],
  ['a logo list without logos', 'logo_list', { children: [], anchor: '' }, 'children'],
];

describe('the editor and the server refuse the same field', () => {
  it.each(cases)('%s', (_name, type, values, field) => {
    const expected = field ? [field] : [];
    expect(editorFields(validateModule(moduleFields[type], values, messages))).toEqual(expected);
    expect(serverField(type, values)).toEqual(expected);
  });
});
