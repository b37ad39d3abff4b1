/**
 * The hub in English (ADR 061): every text set of the hub has an English set with the same keys, no English sentence
 * is left in German, and the hub's screens speak the chosen language, then German again.
 */
import React, { type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { adminTexts } from './admin/admin-texts';
import { backupTexts } from './backup-texts';
import type { HubUser } from './api';
import { formatBerlin } from './berlin-time';
import { contentTexts } from './content/content-texts';
import { eventTexts } from './events/event-texts';
import { EventsListPage } from './events/events-list-page';
import { FormBuilder } from './forms/form-builder';
import { emptyForm } from './forms/form-values';
import { formsTexts } from './forms/forms-texts';
import { HubContext } from './hub-context';
import { setHubLanguage } from './hub-language';
import { HubLayout } from './hub-layout';
import { mediaTexts } from './media/media-texts';
import { pageTexts } from './pages/page-texts';
import { runTexts } from './run-texts';
import { scheduleTexts } from './schedule/schedule-texts';
import { searchTexts } from './search/search-texts';
import { draftsTexts } from './drafts/drafts-texts';
import { checksTexts } from './checks/checks-texts';
import { texts } from './texts';
import { UsersListPage } from './admin/users/users-list-page';

const sets: Record<string, object> = { texts, adminTexts, backupTexts, checksTexts, contentTexts, draftsTexts, eventTexts, formsTexts, mediaTexts, pageTexts, runTexts, scheduleTexts, searchTexts };

/** Every text of a set as `path → value`; a function is called with 2 for each argument, so its words show. */
function flatten(value: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  if (typeof value === 'function') out.set(path, (value as (...args: unknown[]) => unknown)(...Array.from({ length: value.length }, () => 2)));
  else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) flatten(inner, path ? `${path}.${key}` : key, out);
  else out.set(path, value);
  return out;
}

function inLanguage(language: 'de' | 'en') {
  setHubLanguage(language);
  return Object.fromEntries(Object.entries(sets).map(([name, set]) => [name, flatten(set, '', new Map())]));
}

/** Two words or more (a number, a sign or one word, e.g. `2: 2`, `Online`, `Konzertfreunde`, may be the same). */
const sentence = /[A-Za-zÄÖÜäöüß]{2,}[^A-Za-zÄÖÜäöüß]+[A-Za-zÄÖÜäöüß]{2,}/;

afterEach(() => setHubLanguage('de'));

describe('every hub text set in English', () => {
  const german = inLanguage('de');
  const english = inLanguage('en');

  it.each(Object.keys(sets))('%s has the same keys in German and English', (name) => {
    expect([...english[name].keys()].sort()).toEqual([...german[name].keys()].sort());
    expect(english[name].size).toBeGreaterThan(5);
  });

  it.each(Object.keys(sets))('%s leaves no German sentence in English', (name) => {
    const left = [...german[name]].filter(([key, de]) => typeof de === 'string' && sentence.test(de) && english[name].get(key) === de);
    expect(left).toEqual([]);
  });

  it('keeps the German words as they were', () => {
    expect(german.texts.get('logout')).toBe('Abmelden');
    expect(german.texts.get('dashboard')).toBe('Übersicht');
    expect(german.texts.get('resultCount')).toBe('2 Veranstaltungen');
    expect(english.texts.get('resultCount')).toBe('2 events');
    expect(english.texts.get('deleteSubscriberMessage')).toContain('Art. 17 GDPR');
  });
});

const user = { logged: true, id: 1, email: 'admin@example.org', username: 'admin', role: 'admin', admin_menus: [
  { key: 'events', title: 'Veranstaltungen', url: '/cms-hub/events' },
  { key: 'articles', title: 'Artikel', url: '/cms-hub/articles' },
  { key: 'users', title: 'Benutzer', url: '/cms-hub/users' },
] } as unknown as HubUser;

function inHub(pathname: string, screen: ReactNode) {
  return renderToStaticMarkup(
    <HubContext.Provider value={{ user, location: { pathname, search: '', state: null }, sessionEnded: () => undefined }}>
      <HubLayout user={user} pathname={pathname} search="" onLogout={() => undefined} loggingOut={false}>
        {screen}
      </HubLayout>
    </HubContext.Provider>,
  );
}

const screens = () => [
  inHub('/cms-hub/events', <EventsListPage />),
  inHub('/cms-hub/users', <UsersListPage />),
  renderToStaticMarkup(<FormBuilder initialValues={{ ...emptyForm(), fields: [] }} onSubmit={async () => undefined} submitLabel={texts.save} />),
].join('\n');

describe("the hub's screens in the staff member's language", () => {
  const englishWords = ['Log out', 'Dashboard', 'Events', 'Articles', 'Users', 'New event', 'Visibility', 'Start, latest first', 'Role', 'Administrator', 'Add field', 'Loading …', 'Search the staff area'];
  const germanWords = ['Abmelden', 'Übersicht', 'Veranstaltungen', 'Artikel', 'Benutzer', 'Neue Veranstaltung', 'Sichtbarkeit', 'Beginn, späteste zuerst', 'Rolle', 'Administration', 'Feld hinzufügen', 'Wird geladen', 'Redaktion durchsuchen'];

  it('draws English after the switch and no German', () => {
    setHubLanguage('en');
    const html = screens();
    for (const word of englishWords) expect(html).toContain(word);
    for (const word of germanWords) expect(html).not.toContain(word);
    expect(formatBerlin('2026-11-28T18:30:00.000Z')).toBe('28 Nov 2026, 19:30');
  });

  it('draws German again after switching back', () => {
    setHubLanguage('en');
    screens();
    setHubLanguage('de');
    const html = screens();
    for (const word of germanWords) expect(html).toContain(word);
    for (const word of ['Log out', 'Dashboard', 'New event', 'Visibility', 'Add field']) expect(html).not.toContain(word);
    expect(formatBerlin('2026-11-28T18:30:00.000Z')).toBe('28.11.2026, 19:30');
  });
});
