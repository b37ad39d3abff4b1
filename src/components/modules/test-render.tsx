/**
 * Renders components to HTML for unit tests: jsdom is not installed, and server rendering is what the site's
 * build does anyway. The module strings are registered as the site does (src/lib/i18n).
 */
import React, { type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import deModules from '../../../locales/de/modules.json';
import enModules from '../../../locales/en/modules.json';
import deProgramme from '../../../locales/de/programme.json';
import enProgramme from '../../../locales/en/programme.json';
import { registerTranslations } from '../../lib/i18n/instances';
import { TranslationProvider } from '../../lib/i18n/use-translation';

registerTranslations('de', { modules: deModules, programme: deProgramme });
registerTranslations('en', { modules: enModules, programme: enProgramme });

export function render(element: ReactElement, locale: 'de' | 'en' = 'de'): string {
  return renderToStaticMarkup(<TranslationProvider locale={locale}>{element}</TranslationProvider>);
}
