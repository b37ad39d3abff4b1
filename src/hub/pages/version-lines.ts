/**
 * A page's texts in one language (server/src/hub/page-texts.ts) as the lines the versions page compares: each line
 * says what it is ("Überschrift: …", "Text: …"), so a changed line reads on its own. Empty texts are left out,
 * so adding one shows as a new line.
 */
import type { PageTexts } from '../../../server/src/hub/page-texts';
import { pageTexts } from './page-texts';

export type LocaleTexts = NonNullable<PageTexts['de']>;

export function versionLines(texts: LocaleTexts | null): string[] {
  if (!texts) return [];
  const labels = pageTexts.versionFields;
  const lines: string[] = [];
  const add = (label: string, value: string | number | null) => {
    if (value !== null && String(value).trim() !== '') lines.push(`${label}: ${value}`);
  };
  for (const [field, label] of Object.entries(labels) as [keyof LocaleTexts['fields'], string][]) add(label, texts.fields[field]);
  if (texts.hero) {
    for (const [field, label] of Object.entries(pageTexts.heroFields) as [keyof NonNullable<LocaleTexts['hero']>, string][]) {
      add(`${pageTexts.hero} – ${label}`, texts.hero[field]);
    }
  }
  for (const section of texts.sections) {
    lines.push(pageTexts.sectionLine(section.slug));
    for (const module of section.modules) {
      const label = pageTexts.moduleTypes[module.type] ?? module.type;
      // A module without text (an image without caption) still shows, so adding or removing it is seen.
      if (!module.lines.length) lines.push(label);
      for (const line of module.lines) lines.push(`${label}: ${line}`);
    }
  }
  return lines;
}
