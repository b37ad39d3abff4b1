import type { PageBundle } from '../tables/page.table';
import { maxChanges, mergeChanges, movedIds, summariseChange } from './change-summary';

const at = '2026-11-23T10:00:00.000Z';
const moduleRow = (id: number, type: string, data: Record<string, unknown>, place: { column?: number; position: number; anchor?: string }) => ({
  id,
  container_id: 0,
  column: place.column ?? 0,
  position: place.position,
  type,
  anchor: place.anchor ?? '',
  data: JSON.stringify(data),
  created_at: at,
  updated_at: at,
});
type Module = ReturnType<typeof moduleRow>;
const container = (id: number, slug: string, position: number, modules: Module[], layout = 0, locale: 'de' | 'en' = 'de') => ({
  id,
  slug,
  parent: '',
  content_type: 'page',
  object_id: 1,
  locale,
  layout,
  position,
  version: 1,
  updated_by: null,
  created_at: at,
  updated_at: at,
  modules: modules.map((m) => ({ ...m, container_id: id })),
});

const translation = (fields: Partial<PageBundle['translations'][number]> = {}) => ({
  id: 1,
  page_id: 1,
  locale: 'de' as const,
  slug: 'chronik',
  path: '/de/chronik',
  title: 'Chronik',
  headline: '',
  meta_title: '',
  meta_description: '',
  og_title: '',
  og_description: '',
  og_image_id: null,
  og_type: 'website',
  created_at: at,
  updated_at: at,
  ...fields,
});

const headline = moduleRow(10, 'headline', { content: 'Willkommen', headline_level: 2 }, { position: 0 });
const text = moduleRow(11, 'text', { content: '<p>Eins</p>' }, { position: 1 });
const quote = moduleRow(12, 'quote', { content: 'Zitat', author: '' }, { position: 2 });

function bundle(changes: { page?: Partial<PageBundle['page']>; translations?: PageBundle['translations']; heroes?: PageBundle['heroes']; containers?: PageBundle['containers'] } = {}): PageBundle {
  return {
    page: { id: 1, parent_id: null, position: 0, content_type: 'content', is_online: 1, is_clickable: 1, in_menu: 0, in_footer: 0, has_tab_navigation: 0, created_at: at, updated_at: at, ...changes.page },
    translations: changes.translations ?? [translation()],
    heroes: changes.heroes ?? [],
    containers: changes.containers ?? [container(1, 'chronik-text', 0, [headline, text, quote])],
  };
}

const section = { locale: 'de', container: 1, section: 'chronik-text' };

describe('summariseChange: what one save changed', () => {
  const before = bundle();

  it('names a new page as created', () => {
    expect(summariseChange(undefined, before)).toEqual([{ code: 'page_created' }]);
  });

  it('names nothing when nothing changed', () => {
    expect(summariseChange(before, bundle())).toEqual([]);
  });

  it('names a module added, with its type and section', () => {
    const after = bundle({ containers: [container(1, 'chronik-text', 0, [headline, text, quote, moduleRow(13, 'image', { image: 4 }, { position: 3 })])] });
    expect(summariseChange(before, after)).toEqual([{ code: 'module_added', ...section, module: 13, type: 'image' }]);
  });

  it('names a module removed, and nothing for the modules that closed the gap', () => {
    const after = bundle({ containers: [container(1, 'chronik-text', 0, [{ ...headline }, { ...quote, position: 1 }])] });
    expect(summariseChange(before, after)).toEqual([{ code: 'module_removed', ...section, module: 11, type: 'text' }]);
  });

  it('names the fields of a module whose values changed, the anchor included', () => {
    const after = bundle({ containers: [container(1, 'chronik-text', 0, [{ ...headline, data: JSON.stringify({ content: 'Hallo', headline_level: 2 }), anchor: 'start' }, text, quote])] });
    expect(summariseChange(before, after)).toEqual([{ code: 'module_changed', ...section, module: 10, type: 'headline', fields: ['content', 'anchor'] }]);
  });

  it('names only the module that moved, not those it passed', () => {
    const after = bundle({ containers: [container(1, 'chronik-text', 0, [{ ...text, position: 0 }, { ...quote, position: 1 }, { ...headline, position: 2 }])] });
    expect(summariseChange(before, after)).toEqual([{ code: 'module_moved', ...section, module: 10, type: 'headline' }]);
  });

  it('names a module moved to another column or section as moved, not removed and added', () => {
    const other = container(2, 'chronik-bilder', 1, []);
    const from = bundle({ containers: [container(1, 'chronik-text', 0, [headline, text, quote]), other] });
    const to = bundle({ containers: [container(1, 'chronik-text', 0, [headline, { ...quote, position: 1 }]), container(2, 'chronik-bilder', 1, [{ ...text, position: 0 }])] });
    expect(summariseChange(from, to)).toEqual([{ code: 'module_moved', locale: 'de', container: 2, section: 'chronik-bilder', module: 11, type: 'text' }]);
    const columns = bundle({ containers: [container(1, 'chronik-text', 0, [headline, text, { ...quote, column: 1, position: 0 }], 3)] });
    expect(summariseChange(bundle({ containers: [container(1, 'chronik-text', 0, [headline, text, quote], 3)] }), columns)).toEqual([
      { code: 'module_moved', ...section, module: 12, type: 'quote' },
    ]);
  });

  it('names a layout change with the new layout', () => {
    const after = bundle({ containers: [container(1, 'chronik-text', 0, [headline, text, quote], 3)] });
    expect(summariseChange(before, after)).toEqual([{ code: 'layout_changed', ...section, layout: 3 }]);
  });

  it('names sections added, removed, moved and renamed, without listing the modules of an added or removed one', () => {
    const two = bundle({ containers: [container(1, 'chronik-text', 0, [headline, text, quote]), container(2, 'chronik-bilder', 1, [])] });
    const added = bundle({ containers: [...two.containers, container(3, 'chronik-neu', 2, [moduleRow(20, 'text', { content: '<p>x</p>' }, { position: 0 })])] });
    expect(summariseChange(two, added)).toEqual([{ code: 'section_added', locale: 'de', container: 3, section: 'chronik-neu' }]);
    expect(summariseChange(added, two)).toEqual([{ code: 'section_removed', locale: 'de', container: 3, section: 'chronik-neu' }]);
    const swapped = bundle({ containers: [container(1, 'chronik-text', 1, [headline, text, quote]), container(2, 'chronik-bilder', 0, [])] });
    // Of two sections swapped, the one that went down is named.
    expect(summariseChange(two, swapped)).toEqual([{ code: 'section_moved', locale: 'de', container: 1, section: 'chronik-text' }]);
    const renamed = bundle({ containers: [container(1, 'chronik-anfang', 0, [headline, text, quote]), container(2, 'chronik-bilder', 1, [])] });
    expect(summariseChange(two, renamed)).toEqual([{ code: 'section_renamed', locale: 'de', container: 1, section: 'chronik-anfang', from: 'chronik-text' }]);
  });

  it('names the page settings and the texts per language that changed', () => {
    const after = bundle({
      page: { is_online: 0, in_menu: 1 },
      translations: [translation({ title: 'Die Chronik', meta_description: 'Seit 1952' }), translation({ id: 2, locale: 'en', slug: 'chronicle', path: '/en/chronicle', title: 'Chronicle' })],
    });
    expect(summariseChange(before, after)).toEqual([
      { code: 'settings_changed', fields: ['is_online', 'in_menu'] },
      { code: 'texts_changed', locale: 'de', fields: ['title', 'meta_description'] },
      { code: 'texts_changed', locale: 'en', fields: ['slug', 'title', 'og_type'] },
    ]);
  });

  it('names a hero added, changed or removed', () => {
    const hero = { id: 1, page_id: 1, locale: 'de' as const, headline: 'Saison', text: '', link: '', link_text: '', image_id: null, video: '', updated_at: at };
    const withHero = bundle({ heroes: [hero] });
    expect(summariseChange(before, withHero)).toEqual([{ code: 'hero_changed', locale: 'de' }]);
    expect(summariseChange(withHero, bundle({ heroes: [{ ...hero, headline: 'Neue Saison' }] }))).toEqual([{ code: 'hero_changed', locale: 'de' }]);
    expect(summariseChange(withHero, before)).toEqual([{ code: 'hero_changed', locale: 'de' }]);
  });
});

describe('mergeChanges: the changes of a burst of saves', () => {
  const changed = (id: number, fields: string[]) => ({ code: 'module_changed' as const, ...section, locale: 'de' as const, module: id, type: 'text', fields });
  const added = (id: number) => ({ code: 'module_added' as const, ...section, locale: 'de' as const, module: id, type: 'text' });
  const removed = (id: number) => ({ code: 'module_removed' as const, ...section, locale: 'de' as const, module: id, type: 'text' });

  it('keeps one entry per module, joining the fields changed', () => {
    expect(mergeChanges([changed(11, ['content'])], [changed(11, ['content', 'anchor'])])).toEqual([changed(11, ['content', 'anchor'])]);
  });

  it('keeps a module added and then changed or moved as added', () => {
    const moved = { code: 'module_moved' as const, ...section, locale: 'de' as const, module: 20, type: 'text' };
    expect(mergeChanges([added(20)], [changed(20, ['content']), moved])).toEqual([added(20)]);
  });

  it('drops a module added and removed again, and the changes of a module removed', () => {
    expect(mergeChanges([added(20), changed(11, ['content'])], [removed(20)])).toEqual([changed(11, ['content'])]);
    expect(mergeChanges([changed(11, ['content'])], [removed(11)])).toEqual([removed(11)]);
  });

  it('keeps the newest layout of a section and drops the entries of a section removed', () => {
    const layout = (value: number) => ({ code: 'layout_changed' as const, ...section, locale: 'de' as const, layout: value });
    expect(mergeChanges([layout(3)], [layout(1)])).toEqual([layout(1)]);
    const gone = { code: 'section_removed' as const, ...section, locale: 'de' as const };
    expect(mergeChanges([layout(3), changed(11, ['content'])], [gone])).toEqual([gone]);
  });

  it('joins the fields of page settings and texts per language', () => {
    expect(
      mergeChanges(
        [{ code: 'texts_changed', locale: 'de', fields: ['title'] }, { code: 'settings_changed', fields: ['is_online'] }],
        [{ code: 'texts_changed', locale: 'de', fields: ['headline'] }, { code: 'texts_changed', locale: 'en', fields: ['title'] }, { code: 'settings_changed', fields: ['is_online'] }],
      ),
    ).toEqual([
      { code: 'texts_changed', locale: 'de', fields: ['title', 'headline'] },
      { code: 'settings_changed', fields: ['is_online'] },
      { code: 'texts_changed', locale: 'en', fields: ['title'] },
    ]);
  });

  it('keeps a restore and what was changed after it', () => {
    const restore = { code: 'restored' as const, version: 7, at };
    expect(mergeChanges([restore], [restore, changed(11, ['content'])])).toEqual([restore, changed(11, ['content'])]);
  });

  it('stores at most the maximum and counts the rest', () => {
    const many = Array.from({ length: maxChanges + 5 }, (_, i) => added(100 + i));
    const merged = mergeChanges([], many);
    expect(merged).toHaveLength(maxChanges + 1);
    expect(merged.at(-1)).toEqual({ code: 'more', count: 5 });
    expect(mergeChanges(merged, [added(999)]).at(-1)).toEqual({ code: 'more', count: 6 });
  });
});

describe('movedIds', () => {
  it('names what left the longest common order', () => {
    expect(movedIds([1, 2, 3, 4], [2, 3, 4, 1])).toEqual([1]);
    expect(movedIds([1, 2, 3], [1, 2, 3])).toEqual([]);
    expect(movedIds([1, 2, 3], [3, 2, 1])).toHaveLength(2);
    expect(movedIds([1, 2], [1, 5, 2])).toEqual([]);
  });
});
