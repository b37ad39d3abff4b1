/**
 * A page's texts in one language (server/src/services/versions/page-texts.ts) as the lines a comparison of versions
 * shows: each line says what it is ("Überschrift: …", "Text: …"), so a changed line reads on its own. Empty texts
 * are left out, so adding one shows as a new line.
 */
import type { PageTexts } from '../../../contract/schemas/page-texts';
import type { Locale } from '../../../contract/locales';
import type { HistoryNames } from './describe-changes';
import { historyTexts } from './history-texts';

export type LocaleTexts = NonNullable<PageTexts['de']>;

/** `texts` as lines, labelled in `locale`, modules named as `names` names them. */
export function versionLines(texts: LocaleTexts | null, locale: Locale, names: Pick<HistoryNames, 'moduleName'>): string[] {
  if (!texts) return [];
  const t = historyTexts[locale];
  const lines: string[] = [];
  const add = (label: string, value: string | number | null) => {
    if (value !== null && String(value).trim() !== '') lines.push(`${label}: ${value}`);
  };
  for (const [field, label] of Object.entries(t.versionFields) as [keyof LocaleTexts['fields'], string][]) add(label, texts.fields[field]);
  if (texts.hero) {
    for (const [field, label] of Object.entries(t.heroFields) as [keyof NonNullable<LocaleTexts['hero']>, string][]) {
      add(`${t.hero} – ${label}`, texts.hero[field]);
    }
  }
  for (const section of texts.sections) {
    lines.push(t.section(section.slug).replace(/^./, (first) => first.toUpperCase()));
    for (const module of section.modules) {
      const label = names.moduleName(module.type);
      // A module without text (an image without caption) still shows, so adding or removing it is seen.
      if (!module.lines.length) lines.push(label);
      for (const line of module.lines) lines.push(`${label}: ${line}`);
    }
  }
  return lines;
}
