/**
 * The rules of the checks before publishing (ADR 086) on hand-made sections, without a database: what each finds (an
 * alternative text that is only a file name counts as none), and
 * what it leaves alone (a heading one level down, a link text that names its target, a teaser without an image, a
 * link to the site's own host, an outside link not checked yet or answering 3xx).
 */
import type { Container, Module } from '../../../contract/schemas/content';
import type { LinkCheckRow } from '../db/tables/link-check.table';
import { findIssues, foldLinkText } from './page-checks';

let nextId = 1;
const media = (alt: string) => ({ id: 1, width: 10, height: 10, alt, copyright: '', color: '', src: '/media/1' });
const mod = (fields: Record<string, unknown>) => ({ id: nextId++, column: 0, position: 0, anchor: '', ...fields }) as unknown as Module;
const section = (...columns: Module[][]): Container => ({
  id: nextId++,
  slug: `abschnitt-${nextId}`,
  parent: 'page-1-de',
  content_type: 'page',
  object_id: 1,
  locale: 'de',
  layout: columns.length > 1 ? 3 : 0,
  version: 0,
  model: 'container',
  columns: columns.map((children) => ({ classes: 'col', children })),
});
const kinds = (sections: Container[], links = new Map<string, LinkCheckRow>()) => findIssues(sections, links, 'www.konzertfreunde.example').map((finding) => `${finding.kind} ${finding.detail}`);

describe('checks before publishing', () => {
  it('folds link texts before comparing them', () => {
    expect(['Hier', ' hier klicken! ', 'MEHR…', 'Mehr erfahren »', 'read more →', 'Click here.', '<strong>Link</strong>', 'mehr&nbsp;erfahren'].map(foldLinkText)).toEqual([
      'hier',
      'hier klicken',
      'mehr',
      'mehr erfahren',
      'read more',
      'click here',
      'link',
      'mehr erfahren',
    ]);
  });

  it('follows heading levels across modules and rich text, in reading order', () => {
    const ok = [mod({ type: 'headline', headline_level: 2, content: 'A' }), mod({ type: 'text', content: '<h3>B</h3><p>x</p><h4>C</h4><h3>D</h3>' })];
    expect(kinds([section(ok)])).toEqual([]);
    const skipped = [
      mod({ type: 'headline', headline_level: 2, content: 'A' }),
      mod({ type: 'text', content: '<h4>B</h4><h4> </h4>' }),
      mod({ type: 'headline', headline_level: 6, content: 'C' }),
    ];
    expect(kinds([section(skipped)])).toEqual(['heading_skipped h2→h4', 'heading_empty h4', 'heading_skipped h4→h6']);
    // The second column comes after the first.
    expect(kinds([section([mod({ type: 'headline', headline_level: 2, content: 'A' })], [mod({ type: 'headline', headline_level: 3, content: 'B' })])])).toEqual([]);
  });

  it('finds images without alternative text, and not those with one or without an image', () => {
    const modules = [
      mod({ type: 'image', image: media(' ') }),
      mod({ type: 'image', image: media('Saal') }),
      mod({ type: 'image', image: media('IMG_0412.JPG') }),
      mod({ type: 'image', image: media('Der Saal, von der Galerie aus (2019).') }),
      mod({ type: 'full_teaser', image: null, headline: 'T' }),
      mod({ type: 'teaser_list', children: [{ image: null, headline: 'a' }, { image: media(''), headline: 'b' }] }),
      mod({ type: 'logo_list', children: [{ image: media(''), image_alt: 'Stiftung' }, { image: media(''), image_alt: '' }] }),
    ];
    expect(kinds([section(modules)])).toEqual(['image_alt ', 'image_alt ', 'image_alt 2', 'image_alt 2']);
  });

  it('finds vague link texts and links to offline records, and leaves good ones', () => {
    const modules = [
      mod({ type: 'link', content: 'Karten für das Neujahrskonzert', link: '/de/karten' }),
      mod({ type: 'link', content: 'Hier klicken', link: 'event:4', link_ref: 'event:4' }),
      mod({ type: 'full_teaser', headline: 'x', link_text: 'Weiterlesen', link: '/de/a', link_ref: 'page:3' }),
      mod({ type: 'text', content: '<p><a href="/de/b" data-ref="page:2">Der Vorstand</a> und <a data-ref="event:9">die Premiere</a> und <a href="/de/c">more</a></p>' }),
    ];
    // Within a module, by kind: its link texts, then its offline links.
    expect(kinds([section(modules)])).toEqual(['link_text Hier klicken', 'link_offline event:4', 'link_text Weiterlesen', 'link_text more', 'link_offline event:9']);
  });

  it('reports outside links that failed when last checked, and no others', () => {
    const row = (url: string, status: number | null, error: string | null, checked = true): LinkCheckRow => ({ id: 1, url, status, error, checked_at: checked ? '2026-11-29T10:00:00.000Z' : null, claimed_until: null, seen_at: '' });
    const links = new Map(
      [
        row('https://example.org/weg', 404, null),
        row('https://example.org/da', 200, null),
        row('https://example.org/umzug', 301, null),
        row('https://example.org/langsam', null, 'timeout'),
        row('https://example.org/neu', null, null, false),
        row('https://www.konzertfreunde.example/de/x', 404, null),
      ].map((entry) => [entry.url, entry]),
    );
    const modules = [
      mod({ type: 'link', content: 'Oper', link: 'https://example.org/weg#teil' }),
      mod({ type: 'text', content: '<p><a href="https://example.org/da">Da</a> <a href="https://example.org/umzug">Umzug</a> <a href="https://example.org/langsam">Langsam</a> <a href="https://example.org/neu">Neu</a> <a href="https://www.konzertfreunde.example/de/x">Wir</a></p>' }),
    ];
    expect(kinds([section(modules)], links)).toEqual(['link_broken https://example.org/weg', 'link_broken https://example.org/langsam']);
  });
});
