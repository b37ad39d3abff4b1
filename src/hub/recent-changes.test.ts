import { describeChange, type RecentChange } from './recent-changes';

const change = (fields: Partial<RecentChange>): RecentChange => ({
  seq: 1,
  entity: 'page',
  id: '46',
  op: 'upsert',
  title: null,
  exists: true,
  owner: null,
  at: '2026-11-28T10:00:00.000Z',
  by: null,
  ...fields,
});

test('a record reads as its kind and title and opens in the hub', () => {
  expect(describeChange(change({ title: 'Über uns' }))).toEqual({ label: 'Seite „Über uns“', path: '/cms-hub/pages/46' });
  expect(describeChange(change({ entity: 'event', id: '4', title: 'Neujahrskonzert' }))).toEqual({ label: 'Veranstaltung „Neujahrskonzert“', path: '/cms-hub/events/4' });
  expect(describeChange(change({ entity: 'form', id: '2', title: 'Kontakt' }))).toEqual({ label: 'Formular „Kontakt“', path: '/cms-hub/forms/2' });
});

test('a section reads as part of the record it belongs to, linked there', () => {
  const section = change({ entity: 'container', id: '46', title: 'ueber-uns-text', owner: { entity: 'page', id: '12', title: 'Über uns' } });
  expect(describeChange(section)).toEqual({ label: 'Abschnitt auf Seite „Über uns“', path: '/cms-hub/pages/12' });
  const ofEvent = change({ entity: 'container', id: '47', title: 'beschreibung', owner: { entity: 'event', id: '3', title: 'Haydn' } });
  expect(describeChange(ofEvent)).toEqual({ label: 'Abschnitt der Veranstaltung „Haydn“', path: '/cms-hub/events/3' });
});

test('a locale-wide change names its language, never "#de"', () => {
  expect(describeChange(change({ entity: 'nav', id: 'de' }))).toEqual({ label: 'Navigation (Deutsch)', path: null });
  expect(describeChange(change({ entity: 'settings', id: 'en' }))).toEqual({ label: 'Einstellungen (Englisch)', path: null });
});

test('a deleted record is marked as such and not linked', () => {
  expect(describeChange(change({ op: 'delete', exists: false }))).toEqual({ label: 'Seite Nr. 46 (gelöscht)', path: null });
  // Changed earlier, deleted since.
  expect(describeChange(change({ entity: 'article', id: '9', exists: false }))).toEqual({ label: 'Artikel Nr. 9 (gelöscht)', path: null });
  expect(describeChange(change({ entity: 'container', op: 'delete', exists: false }))).toEqual({ label: 'Abschnitt (gelöscht)', path: null });
});

test('no label is a bare number', () => {
  for (const entity of ['page', 'container', 'nav', 'settings', 'hero', 'media', 'redirect', 'form', 'event']) {
    for (const exists of [true, false]) {
      const { label } = describeChange(change({ entity, id: entity === 'nav' || entity === 'settings' || entity === 'hero' ? 'de' : '46', exists }));
      expect(label).not.toMatch(/^#/);
      expect(label.length).toBeGreaterThan(3);
    }
  }
});
