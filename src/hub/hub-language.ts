/**
 * The language the hub speaks: the staff member's own (German unless they chose English), never the page's.
 *
 * Every hub texts file keeps its German and English sets and exports one object made by `hubTextSet`; screens read
 * that object at render time (`texts.save`). `setHubLanguage` fills every such object with the chosen language's
 * set before the hub renders its screens (and again when the choice changes, after which the hub renders anew), so
 * the many screens need no provider of their own. See docs/decisions/061-staff-language.md.
 */
import type { Locale } from '../../contract/locales';

export type StaffLanguage = Locale;

const sets: Array<{ target: object; byLanguage: Record<StaffLanguage, object> }> = [];
let current: StaffLanguage = 'de';

/**
 * One object of texts that follows the hub's language. Starts in the language chosen so far (German by default).
 * Both sets must have the same keys: the type of the German set is the type of the English one.
 */
export function hubTextSet<T extends object>(byLanguage: Record<StaffLanguage, T>): T {
  const target = { ...byLanguage[current] };
  sets.push({ target, byLanguage });
  return target;
}

/** Switches every text set of the hub to `language`. The caller renders the hub anew afterwards. */
export function setHubLanguage(language: StaffLanguage): void {
  current = language;
  for (const { target, byLanguage } of sets) Object.assign(target, byLanguage[language]);
}

export const hubLanguage = (): StaffLanguage => current;
