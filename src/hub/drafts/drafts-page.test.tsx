/**
 * The hub's "Unveröffentlichte Änderungen" list as it renders: per draft what (kind, title, language), whose, the last
 * change and a planned publishing in Berlin time, and the link that opens the draft's page in edit mode; English when
 * chosen.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DraftListRow } from '../../../contract/schemas/drafts';
import { setHubLanguage } from '../hub-language';
import { DraftsTable } from './drafts-page';

const rows: DraftListRow[] = [
  {
    id: 4,
    content_type: 'page',
    object_id: 12,
    locale: 'de',
    title: 'Konzertorte',
    path: '/de/konzertorte',
    created_by: 'redaktion',
    created_at: '2026-12-10T08:00:00.000Z',
    updated_by: 'admin',
    updated_at: '2026-12-12T13:05:00.000Z',
    publish_at: '2026-12-24T16:30:00.000Z',
  },
  {
    id: 3,
    content_type: 'article',
    object_id: 34,
    locale: 'en',
    title: 'An evening with <script>alert(1)</script>',
    path: null,
    created_by: null,
    created_at: '2026-12-09T08:00:00.000Z',
    updated_by: null,
    updated_at: '2026-12-09T08:00:00.000Z',
    publish_at: null,
  },
];

function render(list: DraftListRow[]) {
  const markup = renderToStaticMarkup(<DraftsTable rows={list} />);
  const document = parseDocument(markup);
  const cells = DomUtils.getElementsByTagName('tr', document)
    .slice(1)
    .map((row) => row.children.filter((child) => child.type === 'tag').map((cell) => DomUtils.textContent(cell)));
  return { markup, document, cells };
}

afterEach(() => setHubLanguage('de'));

describe('the list of unpublished changes', () => {
  it('lists what, whose, the last change and a planned time in Berlin time, with a link to edit it on the website', () => {
    const { document, cells, markup } = render(rows);
    expect(DomUtils.textContent(DomUtils.getElementsByTagName('caption', document))).toBe('2 Entwürfe');
    expect(cells[0]).toEqual(['Seite Konzertorte (deutsche Fassung)', 'redaktion', '12.12.2026, 14:05 von admin', '24.12.2026, 17:30', 'Auf der Website bearbeiten']);
    const [link] = DomUtils.getElementsByTagName('a', document);
    expect(link.attribs.href).toBe('/de/konzertorte?edit');
    expect(link.attribs['aria-label']).toBe('Auf der Website bearbeiten: Konzertorte (deutsche Fassung)');
    // Without an address (an offline record): no link; a title is text, never markup.
    expect(cells[1]).toEqual(['Artikel An evening with <script>alert(1)</script> (englische Fassung)', 'unbekannt', '09.12.2026, 09:00', 'nicht geplant', 'Ohne Adresse auf der Website']);
    expect(markup).not.toContain('<script>');
  });

  it('says when there is nothing unpublished', () => {
    expect(DomUtils.textContent(render([]).document)).toBe('Keine unveröffentlichten Änderungen.');
  });

  it('speaks English when the staff member chose it', () => {
    setHubLanguage('en');
    const { cells, document } = render(rows.slice(0, 1));
    expect(DomUtils.textContent(DomUtils.getElementsByTagName('caption', document))).toBe('1 draft');
    expect(cells[0]).toEqual(['Page Konzertorte (German version)', 'redaktion', '12 Dec 2026, 14:05 by admin', '24 Dec 2026, 17:30', 'Edit on the website']);
  });
});
