import type { PageRecord } from './pages-api';
import { createBody, formFieldOf, formValuesOf, newPageValues, updateBody } from './page-values';

const translation = (slug: string, title: string) => ({
  slug,
  path: `/de/${slug}`,
  title,
  headline: 'Überschrift',
  meta_title: '',
  meta_description: 'Beschreibung',
  og_title: '',
  og_description: '',
  og_image_id: 12,
  og_type: 'website',
});

const record: PageRecord = {
  id: 4,
  parent_id: 1,
  parent_title: 'Start',
  position: 2,
  content_type: 'content',
  updated_at: '2026-11-23T10:00:00.000Z',
  is_online: true,
  is_clickable: true,
  in_menu: false,
  in_footer: true,
  has_tab_navigation: false,
  translations: { de: translation('satzung', 'Satzung'), en: null },
};

describe('page form values', () => {
  it('fills the form from a stored page, a missing language empty and the image as text', () => {
    const values = formValuesOf(record);
    expect(values).toMatchObject({ parent_id: '1', is_online: true, in_footer: true, has_tab_navigation: false });
    expect(values.translations.de).toEqual({
      slug: 'satzung',
      title: 'Satzung',
      headline: 'Überschrift',
      meta_title: '',
      meta_description: 'Beschreibung',
      og_title: '',
      og_description: '',
      og_image_id: '12',
      og_type: 'website',
    });
    expect(Object.values(values.translations.en).every((value) => value === '')).toBe(true);
  });

  it('sends the flags and the languages the page has, trimmed, leaving out an empty new language', () => {
    const values = formValuesOf(record);
    values.translations.de.headline = '  Neue Überschrift ';
    values.translations.de.og_image_id = '';
    const body = updateBody(values, record);
    expect(body).toMatchObject({ is_online: true, in_footer: true, in_menu: false });
    expect(body.translations.de).toMatchObject({ slug: 'satzung', headline: 'Neue Überschrift', og_image_id: null, og_type: 'website' });
    expect(body.translations).not.toHaveProperty('en');
    expect(body).not.toHaveProperty('parent_id');
  });

  it('adds a language once its address or title is filled in, without an empty type', () => {
    const values = formValuesOf(record);
    values.translations.en = { ...values.translations.en, slug: 'statutes', title: 'Statutes', og_image_id: '7' };
    expect(updateBody(values, record).translations.en).toEqual({
      slug: 'statutes',
      title: 'Statutes',
      headline: '',
      meta_title: '',
      meta_description: '',
      og_title: '',
      og_description: '',
      og_image_id: 7,
    });
  });

  it('sends the home page without a slug, and an image that is no number as typed (the server names the field)', () => {
    const home = { ...record, content_type: 'home' as const };
    const values = formValuesOf(home);
    values.translations.de.og_image_id = '1.5';
    expect(updateBody(values, home).translations.de).toMatchObject({ slug: '', og_image_id: '1.5' });
  });

  it('creates below the chosen parent, offline by default, in the languages filled in', () => {
    const values = { ...newPageValues, parent_id: '3', translations: { ...newPageValues.translations, de: { ...newPageValues.translations.de, slug: 'archiv', title: 'Archiv' } } };
    const body = createBody(values);
    expect(body).toMatchObject({ parent_id: 3, is_online: false, is_clickable: true });
    expect(Object.keys(body.translations)).toEqual(['de']);
    expect(createBody({ ...values, parent_id: '' }).parent_id).toBeNull();
  });

  it('shows the schedule in Berlin time and sends it back, an emptied field as null (ADR 035)', () => {
    const values = formValuesOf({ ...record, is_online: false, online_from: '2026-12-01T08:00:00.000Z', online_until: null });
    expect(values).toMatchObject({ online_from: '2026-12-01T09:00+01:00', online_until: '' });
    expect(updateBody(values, record)).toMatchObject({ online_from: '2026-12-01T09:00+01:00', online_until: null });
    expect(createBody({ ...newPageValues, online_from: '2026-12-01T09:00:05+01:00' })).toMatchObject({ online_from: '2026-12-01T09:00:05+01:00', online_until: null });
    expect(formFieldOf('body.online_until')).toBe('online_until');
  });

  it('maps the server’s field names to the form’s inputs', () => {
    expect(formFieldOf('body.translations.de.slug')).toBe('translations.de.slug');
    expect(formFieldOf('body.translations.en.og_image_id')).toBe('translations.en.og_image_id');
    expect(formFieldOf('body.is_online')).toBe('is_online');
    expect(formFieldOf('body.parent_id')).toBe('parent_id');
    expect(formFieldOf('body.translations.de.teaser')).toBeUndefined();
    expect(formFieldOf('id')).toBeUndefined();
    expect(formFieldOf(undefined)).toBeUndefined();
  });
});
