/**
 * What a save changed on a page, told from the page before and after it (two PageBundles, the unit a version
 * stores), and how the changes of several saves add up when a burst of saves becomes one version (ADR 031).
 * Pure functions: the repository hands in the bundles and stores the result.
 */
import type { PageBundle } from '../tables/page.table';
import type { Locale } from '../../../../contract/locales';
import { locales } from '../../../../contract/locales';
import type { VersionChange } from '../../../../contract/schemas/version-summary';

/** A version stores at most this many entries; the rest are counted in a `more` entry. */
export const maxChanges = 40;

/** Page flags and the page's place in the tree, as `settings_changed` names them. */
const settingFields = ['is_online', 'is_clickable', 'in_menu', 'in_footer', 'has_tab_navigation', 'parent_id', 'position'] as const;
/** The page's own texts per language, as `texts_changed` names them. */
const textFields = ['slug', 'title', 'headline', 'meta_title', 'meta_description', 'og_title', 'og_description', 'og_image_id', 'og_type'] as const;
const heroFields = ['headline', 'text', 'link', 'link_text', 'image_id', 'video'] as const;

type Container = PageBundle['containers'][number];
type ModuleRow = Container['modules'][number];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function parseData(data: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The ids of `after` not in the longest common subsequence with `before`: what moved among what stayed. */
export function movedIds(before: readonly number[], after: readonly number[]): number[] {
  const common = new Set(before.filter((id) => after.includes(id)));
  const a = before.filter((id) => common.has(id));
  const b = after.filter((id) => common.has(id));
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    }
  }
  const kept = new Set<number>();
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      kept.add(a[i]);
      i++;
      j++;
    } else if (lengths[i + 1][j] >= lengths[i][j + 1]) i++;
    else j++;
  }
  return b.filter((id) => !kept.has(id));
}

const byPlace = (a: ModuleRow, b: ModuleRow) => a.column - b.column || a.position - b.position || a.id - b.id;
/** What the section comparison reads of a bundle: a page's or a record's containers with their modules (ADR 059). */
type Sections = Pick<PageBundle, 'containers'>;

const sectionsOf = (bundle: Sections, locale: Locale) =>
  bundle.containers.filter((c) => c.locale === locale).sort((a, b) => a.position - b.position || a.id - b.id);

function moduleFieldsChanged(before: ModuleRow, after: ModuleRow): string[] {
  const a = parseData(before.data);
  const b = parseData(after.data);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => !same(a[key], b[key]));
  if (before.anchor !== after.anchor) keys.push('anchor');
  return keys;
}

function sectionChanges(before: Sections, after: Sections, locale: Locale): VersionChange[] {
  const out: VersionChange[] = [];
  const old = sectionsOf(before, locale);
  const now = sectionsOf(after, locale);
  const oldById = new Map(old.map((c) => [c.id, c]));
  const nowById = new Map(now.map((c) => [c.id, c]));
  const section = (c: Container) => ({ locale, container: c.id, section: c.slug });
  const moved = new Set(movedIds(old.map((c) => c.id), now.map((c) => c.id)));
  for (const c of old) if (!nowById.has(c.id)) out.push({ code: 'section_removed', ...section(c) });
  // Where every module now is, across sections: a module moved to another section is moved, not removed and added.
  const modulesBefore = new Map(before.containers.flatMap((c) => c.modules.map((m) => [m.id, { module: m, container: c }] as const)));
  const modulesAfter = new Map(after.containers.flatMap((c) => c.modules.map((m) => [m.id, { module: m, container: c }] as const)));
  for (const c of now) {
    const was = oldById.get(c.id);
    if (!was) {
      out.push({ code: 'section_added', ...section(c) });
      continue;
    }
    if (was.slug !== c.slug) out.push({ code: 'section_renamed', ...section(c), from: was.slug });
    if (moved.has(c.id)) out.push({ code: 'section_moved', ...section(c) });
    if (was.layout !== c.layout) out.push({ code: 'layout_changed', ...section(c), layout: c.layout });
    const modules = [...c.modules].sort(byPlace);
    for (const m of was.modules) {
      if (!modulesAfter.has(m.id)) out.push({ code: 'module_removed', ...section(c), module: m.id, type: m.type });
    }
    const columns = new Set([...modules.map((m) => m.column), ...was.modules.map((m) => m.column)]);
    const reordered = new Set<number>();
    for (const column of columns) {
      const ids = (rows: ModuleRow[]) => rows.filter((m) => m.column === column).sort(byPlace).map((m) => m.id);
      for (const id of movedIds(ids(was.modules), ids(modules))) reordered.add(id);
    }
    for (const m of modules) {
      const earlier = modulesBefore.get(m.id);
      const entry = { ...section(c), module: m.id, type: m.type };
      if (!earlier) {
        out.push({ code: 'module_added', ...entry });
        continue;
      }
      if (earlier.container.id !== c.id || earlier.module.column !== m.column || reordered.has(m.id)) out.push({ code: 'module_moved', ...entry });
      const fields = moduleFieldsChanged(earlier.module, m);
      if (fields.length) out.push({ code: 'module_changed', ...entry, fields });
    }
  }
  return out;
}

/**
 * The changes from `before` to `after`, in the order a reader meets them: the page's settings, its texts and hero
 * per language, then its sections and their modules per language. Without `before` the page is new.
 */
export function summariseChange(before: PageBundle | undefined, after: PageBundle): VersionChange[] {
  if (!before) return [{ code: 'page_created' }];
  const out: VersionChange[] = [];
  const settings = settingFields.filter((field) => !same(before.page[field], after.page[field]));
  if (settings.length) out.push({ code: 'settings_changed', fields: [...settings] });
  for (const locale of locales) {
    const a = before.translations.find((t) => t.locale === locale);
    const b = after.translations.find((t) => t.locale === locale);
    // A language added or removed: the texts it has or had, an empty one being no text.
    const texts = textFields.filter((field) => !same(a?.[field] ?? '', b?.[field] ?? ''));
    if (texts.length) out.push({ code: 'texts_changed', locale, fields: [...texts] });
    const heroA = before.heroes.find((h) => h.locale === locale);
    const heroB = after.heroes.find((h) => h.locale === locale);
    if (heroFields.some((field) => !same(heroA?.[field], heroB?.[field]))) out.push({ code: 'hero_changed', locale });
  }
  for (const locale of locales) out.push(...sectionChanges(before, after, locale));
  return out;
}

/**
 * The changes to a record's sections (ADR 059), per language. A record's first version compares with no sections,
 * so it lists the sections it began with.
 */
export function summariseSections(before: Sections | undefined, after: Sections): VersionChange[] {
  return locales.flatMap((locale) => sectionChanges(before ?? { containers: [] }, after, locale));
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
const isModuleEntry = (entry: VersionChange): entry is Extract<VersionChange, { module: number }> => 'module' in entry;
const isSectionEntry = (entry: VersionChange): entry is Extract<VersionChange, { container: number }> => 'container' in entry;

/**
 * The changes of a version that already holds `earlier` after a further save that changed `later`: one entry per
 * thing changed, however often (a field changed twice is one entry; a module added and then changed is "added";
 * one added and removed again drops out; a section removed takes the entries of its modules with it).
 */
export function mergeChanges(earlier: readonly VersionChange[], later: readonly VersionChange[]): VersionChange[] {
  let out = [...earlier];
  let more = 0;
  const find = <C extends VersionChange['code']>(code: C, test: (entry: Extract<VersionChange, { code: C }>) => boolean) =>
    out.findIndex((entry) => entry.code === code && test(entry as Extract<VersionChange, { code: C }>));
  for (const entry of later) {
    switch (entry.code) {
      case 'more':
        more += entry.count;
        break;
      case 'page_created':
      case 'hero_changed':
        if (!out.some((e) => e.code === entry.code && (e.code !== 'hero_changed' || e.locale === (entry as typeof e).locale))) out.push(entry);
        break;
      case 'restored':
        if (find('restored', (e) => e.version === entry.version) < 0) out.push(entry);
        break;
      case 'settings_changed': {
        const at = find('settings_changed', () => true);
        if (at < 0) out.push(entry);
        else out[at] = { ...entry, fields: union((out[at] as typeof entry).fields, entry.fields) };
        break;
      }
      case 'texts_changed': {
        const at = find('texts_changed', (e) => e.locale === entry.locale);
        if (at < 0) out.push(entry);
        else out[at] = { ...entry, fields: union((out[at] as typeof entry).fields, entry.fields) };
        break;
      }
      case 'section_added':
        out.push(entry);
        break;
      case 'section_removed': {
        const added = find('section_added', (e) => e.container === entry.container);
        out = out.filter((e) => !(isSectionEntry(e) && e.container === entry.container));
        if (added < 0) out.push(entry);
        break;
      }
      case 'section_moved':
      case 'section_renamed':
      case 'layout_changed': {
        if (find('section_added', (e) => e.container === entry.container) >= 0) break;
        const at = out.findIndex((e) => e.code === entry.code && e.container === entry.container);
        if (at < 0) out.push(entry);
        else if (entry.code === 'section_renamed') out[at] = { ...entry, from: (out[at] as typeof entry).from };
        else out[at] = entry;
        break;
      }
      case 'module_added':
        out.push(entry);
        break;
      case 'module_removed': {
        const added = find('module_added', (e) => e.module === entry.module);
        out = out.filter((e) => !(isModuleEntry(e) && e.module === entry.module));
        if (added < 0) out.push(entry);
        break;
      }
      case 'module_moved':
      case 'module_changed': {
        const added = find('module_added', (e) => e.module === entry.module);
        if (added >= 0) {
          // Still "added", now where the module is.
          out[added] = { ...out[added], locale: entry.locale, container: entry.container, section: entry.section } as VersionChange;
          break;
        }
        const at = out.findIndex((e) => e.code === entry.code && e.module === entry.module);
        if (at < 0) out.push(entry);
        else if (entry.code === 'module_changed') out[at] = { ...entry, fields: union((out[at] as typeof entry).fields, entry.fields) };
        else out[at] = entry;
        break;
      }
    }
  }
  const earlierMore = out.find((e) => e.code === 'more');
  out = out.filter((e) => e.code !== 'more');
  more += earlierMore?.code === 'more' ? earlierMore.count : 0;
  if (out.length > maxChanges) {
    more += out.length - maxChanges;
    out = out.slice(0, maxChanges);
  }
  return more ? [...out, { code: 'more', count: more }] : out;
}
