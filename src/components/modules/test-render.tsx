/**
 * Renders components to HTML for unit tests: jsdom is not installed, and server rendering is what the site's
 * build does anyway. i18next is set up with the module strings, as src/lib/i18n/instances.ts does.
 */
import i18next, { type i18n } from 'i18next';
import React, { type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import deModules from '../../../locales/de/modules.json';
import enModules from '../../../locales/en/modules.json';

function instance(lng: 'de' | 'en'): i18n {
  const created = i18next.createInstance();
  void created.use(initReactI18next).init({
    lng,
    resources: { de: { modules: deModules }, en: { modules: enModules } },
    ns: ['modules'],
    // The options of src/lib/i18n/instances.ts.
    interpolation: { escapeValue: false },
    keySeparator: false,
    nsSeparator: ':',
    returnNull: false,
    initImmediate: false,
  });
  return created;
}

const instances = { de: instance('de'), en: instance('en') };

export function render(element: ReactElement, locale: 'de' | 'en' = 'de'): string {
  return renderToStaticMarkup(<I18nextProvider i18n={instances[locale]}>{element}</I18nextProvider>);
}
