import type { ArticleCardData } from './article-data';
import { articlesPerPage, initialMagazineState, magazineReducer, nextPage, type MagazineState } from './magazine-state';

const article = (id: number, overrides: Partial<ArticleCardData> = {}): ArticleCardData => ({
  id,
  url: `/de/magazin/artikel-${id}/${id}`,
  title: `Artikel ${id}`,
  teaser: `Worum es in Artikel ${id} geht.`,
  published_on: '2026-11-23',
  image: null,
  category: { id: 2, name: 'Interviews', slug: 'interviews' },
  is_main_teaser: false,
  ...overrides,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => article(from + i));

/** Page 1 of 30 articles, of which 3 and 20 are main teasers. */
const start = (): MagazineState =>
  initialMagazineState({
    category: 'interviews',
    mainTeasers: [article(3, { is_main_teaser: true }), article(20, { is_main_teaser: true })],
    firstPage: range(1, articlesPerPage),
    count: 30,
  });

describe('magazine state', () => {
  it('starts on page 1 with the page’s articles that are not main teasers', () => {
    const state = start();
    expect(state).toMatchObject({ category: 'interviews', page: 1, hasMore: true, loading: null, failed: false, firstAdded: null });
    expect(state.articles.map((a) => a.id)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(nextPage(state)).toBe(2);
  });

  it('has no more pages when everything fits on page 1', () => {
    const state = initialMagazineState({ category: null, mainTeasers: [], firstPage: range(1, 12), count: 12 });
    expect(state.hasMore).toBe(false);
    expect(magazineReducer(state, { type: 'request', page: 2 })).toBe(state);
  });

  it('appends a received page, leaving out articles already shown, and remembers where it starts', () => {
    const loading = magazineReducer(start(), { type: 'request', page: 2 });
    expect(loading.loading).toBe(2);
    const loaded = magazineReducer(loading, { type: 'receive', page: 2, results: range(13, 24), hasMore: true });
    expect(loaded.page).toBe(2);
    expect(loaded.loading).toBeNull();
    expect(loaded.articles).toHaveLength(11 + 11);
    expect(loaded.articles.some((a) => a.id === 20)).toBe(false);
    expect(loaded.firstAdded).toBe(11);
    expect(loaded.articles[11].id).toBe(13);
    expect(nextPage(loaded)).toBe(3);
  });

  it('ignores a request for a page not greater than the current one, and a second one while loading', () => {
    const state = start();
    expect(magazineReducer(state, { type: 'request', page: 1 })).toBe(state);
    expect(magazineReducer(state, { type: 'request', page: 0 })).toBe(state);
    const loading = magazineReducer(state, { type: 'request', page: 2 });
    expect(magazineReducer(loading, { type: 'request', page: 3 })).toBe(loading);
  });

  it('drops an answer for a page already shown or not asked for', () => {
    const loading = magazineReducer(start(), { type: 'request', page: 2 });
    expect(magazineReducer(loading, { type: 'receive', page: 1, results: range(1, 12), hasMore: true })).toBe(loading);
    expect(magazineReducer(loading, { type: 'receive', page: 3, results: range(25, 30), hasMore: false })).toBe(loading);
    const loaded = magazineReducer(loading, { type: 'receive', page: 2, results: range(13, 24), hasMore: true });
    expect(magazineReducer(loaded, { type: 'receive', page: 2, results: range(13, 24), hasMore: true })).toBe(loaded);
  });

  it('stops offering more after the last page', () => {
    let state = magazineReducer(start(), { type: 'request', page: 2 });
    state = magazineReducer(state, { type: 'receive', page: 2, results: range(13, 24), hasMore: true });
    state = magazineReducer(state, { type: 'request', page: 3 });
    state = magazineReducer(state, { type: 'receive', page: 3, results: range(25, 30), hasMore: false });
    expect(state.hasMore).toBe(false);
    expect(state.articles).toHaveLength(28);
    expect(magazineReducer(state, { type: 'request', page: 4 })).toBe(state);
  });

  it('has no first added article when a page held only articles already shown', () => {
    let state = magazineReducer(start(), { type: 'request', page: 2 });
    state = magazineReducer(state, { type: 'receive', page: 2, results: [article(20, { is_main_teaser: true })], hasMore: false });
    expect(state.firstAdded).toBeNull();
    expect(state.page).toBe(2);
  });

  it('records a failure for the running request and lets the same page be asked again', () => {
    const loading = magazineReducer(start(), { type: 'request', page: 2 });
    expect(magazineReducer(loading, { type: 'fail', page: 3 })).toBe(loading);
    const failed = magazineReducer(loading, { type: 'fail', page: 2 });
    expect(failed).toMatchObject({ loading: null, failed: true, page: 1 });
    const retry = magazineReducer(failed, { type: 'request', page: nextPage(failed) });
    expect(retry).toMatchObject({ loading: 2, failed: false });
  });
});
