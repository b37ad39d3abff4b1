/**
 * What a version changed (its summary, codes with parameters: contract/schemas/version-summary.ts) as sentences
 * in the reader's language (ADR 031). Names of module types, module fields and layouts come from the caller, the
 * names its forms use. Without React, so it is tested on its own.
 */
import type { VersionChange } from '../../../contract/schemas/version-summary';
import type { Locale } from '../../../contract/locales';
import { historyTexts } from './history-texts';

export type { VersionChange };

/** How the forms name what a summary mentions. */
export interface HistoryNames {
  moduleName: (type: string) => string;
  /** The label of field `field` in the form of a module of type `type`; undefined for a field the form lacks. */
  fieldLabel: (type: string, field: string) => string | undefined;
  layoutName: (layout: number) => string;
}

export interface DescribeOptions {
  /** The language read in. */
  locale: Locale;
  names: HistoryNames;
  /** A date and time as the list shows it. */
  when: (iso: string) => string;
}

export function describeChange(entry: VersionChange, { locale, names, when }: DescribeOptions): string {
  const t = historyTexts[locale];
  // An entry about the other language says so; one about the language read in needs no word.
  const other = (sentence: string, of: Locale) => (of === locale ? sentence : `${sentence} (${t.inLanguage[of]})`);
  const labels = (fields: string[], table: Record<string, string>) => t.list(fields.map((field) => table[field] ?? field));
  switch (entry.code) {
    case 'page_created':
      return t.pageCreated;
    case 'restored':
      return t.restored(entry.at ? when(entry.at) : String(entry.version));
    case 'settings_changed':
      return t.settingsChanged(labels(entry.fields, t.settingFields));
    case 'texts_changed':
      return other(t.textsChanged(labels(entry.fields, { ...t.versionFields, slug: t.slugField })), entry.locale);
    case 'hero_changed':
      return other(t.heroChanged, entry.locale);
    case 'section_added':
      return other(t.sectionAdded(t.section(entry.section)), entry.locale);
    case 'section_removed':
      return other(t.sectionRemoved(t.section(entry.section)), entry.locale);
    case 'section_moved':
      return other(t.sectionMoved(t.section(entry.section)), entry.locale);
    case 'section_renamed':
      return other(t.sectionRenamed(entry.from, entry.section), entry.locale);
    case 'layout_changed':
      return other(t.layoutChanged(t.section(entry.section), names.layoutName(entry.layout)), entry.locale);
    case 'module_added':
      return other(t.moduleAdded(names.moduleName(entry.type), t.section(entry.section)), entry.locale);
    case 'module_removed':
      return other(t.moduleRemoved(names.moduleName(entry.type), t.section(entry.section)), entry.locale);
    case 'module_moved':
      return other(t.moduleMoved(names.moduleName(entry.type), t.section(entry.section)), entry.locale);
    case 'module_changed': {
      const known = [...new Set(entry.fields.map((field) => names.fieldLabel(entry.type, field)).filter((label): label is string => !!label))];
      const module = names.moduleName(entry.type);
      const section = t.section(entry.section);
      const sentence = known.length ? t.moduleChanged(t.list(known.map(t.quoted)), known.length, module, section) : t.moduleEdited(module, section);
      return other(sentence, entry.locale);
    }
    case 'more':
      return t.more(entry.count);
  }
}

/** Every entry of a summary as a sentence; a summary without entries (a version from before ADR 031) says so. */
export function describeChanges(summary: readonly VersionChange[], options: DescribeOptions): string[] {
  if (!summary.length) return [historyTexts[options.locale].noSummary];
  return summary.map((entry) => describeChange(entry, options));
}

/**
 * When a version was saved: its first save, and its last when a burst of saves made it ("25.11.2026, 11:50 bis
 * 11:54"; the day is repeated only when the last save is on another day).
 */
export function savedWhen(version: { created_at: string; updated_at: string | null }, { locale, when }: Pick<DescribeOptions, 'locale' | 'when'>): string {
  const from = when(version.created_at);
  const to = version.updated_at ? when(version.updated_at) : from;
  if (to === from) return from;
  const day = from.lastIndexOf(', ');
  const sameDay = day > 0 && to.startsWith(from.slice(0, day + 2));
  return historyTexts[locale].savedRange(from, sameDay ? to.slice(day + 2) : to);
}
