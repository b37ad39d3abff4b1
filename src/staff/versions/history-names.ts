/**
 * How a page's history names module types, module fields and layouts (ADR 031): as the editor's forms name them,
 * so "Überschrift" in a summary is the label the editor saw. Used by the editor and the hub.
 */
import type { ModuleType } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';
import type { HistoryNames } from './describe-changes';
import { moduleFields, type FieldDef } from '../module-fields';
import { moduleNameTexts } from '../module-names';

function labelOf(fields: readonly FieldDef[], name: string): string | undefined {
  const def = fields.find((field) => field.name === name);
  return def && ('label' in def && def.label ? def.label : def.name);
}

export function historyNames(locale: Locale): HistoryNames {
  const texts = moduleNameTexts[locale];
  return {
    moduleName: (type) => texts.moduleNames[type as ModuleType] ?? type,
    fieldLabel: (type, field) => {
      const fields = moduleFields[type as ModuleType];
      const key = fields ? labelOf(fields, field) : undefined;
      return key === undefined ? undefined : (texts.fields[key as keyof typeof texts.fields] ?? key);
    },
    layoutName: (layout) => texts.layoutNames[layout] ?? String(layout),
  };
}
