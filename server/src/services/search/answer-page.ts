/**
 * The search's answer page for a visitor without script (ADR 073): the search form sent by GET to
 * `/{locale}/api/search/results/?query=…[&category=…&page=…]` is answered with a page of the site (ADR 071) that
 * holds what the search page shows with script: both categories with their counts and first results, or one
 * category's results with paging, or the reason a search string is refused. The words are the search page's own
 * (locales/{de,en}/search.json), the markup its classes, so it looks the same.
 */
import type { Locale } from '../../../../contract/locales';
import { pageSize } from '../../../../contract/paging';
import { maxQueryLength, maxResultPage, searchAnswerPath } from '../../../../contract/search-rules';
import { searchCategories, type SearchCategory, type SearchResult, type SearchSummary } from '../../../../contract/schemas/search';
import { formatEventDate, formatEventTime } from '../../../../contract/event-format';
import de from '../../../../locales/de/search.json';
import en from '../../../../locales/en/search.json';
import { html, rawHtml, type SafeHtml } from '../answer-pages/answer-page';
import { translator, type Translate } from '../answer-pages/site-strings';

export const searchStrings = { de, en };

/** What the visitor asked for: the string as sent, and a category's page or the summary (category null). */
export interface SearchAsked {
  query: string;
  category: SearchCategory | null;
  page: number;
}

/** The address of an answer: the summary, or a category's page (page 1 left out). */
export function answerAddress(locale: Locale, { query, category, page }: SearchAsked): string {
  const params = new URLSearchParams({ query: query.trim() });
  if (category) params.set('category', category);
  if (category && page > 1) params.set('page', String(page));
  return `${searchAnswerPath(locale)}?${params.toString()}`;
}

/** The number of pages a category's results fill, as the site counts them (at most maxResultPage). */
export const pagesFor = (count: number) => Math.min(maxResultPage, Math.max(1, Math.ceil(count / pageSize)));

/** The search form again, holding the string, so the visitor can search on from the answer. */
function form(locale: Locale, t: Translate, value: string, category: SearchCategory | null, message?: string): SafeHtml {
  return html`<form role="search" aria-label="${t('formLabel')}" class="search-form search-form--page" method="get" action="${searchAnswerPath(locale)}"><label for="search-answer-query" class="search-form__label">${t('fieldLabel')}</label><div class="search-form__row"><input id="search-answer-query" name="query" type="search" class="search-combobox__input" maxlength="${maxQueryLength}" value="${value}"${message ? rawHtml(' aria-invalid="true" aria-describedby="search-answer-problem"') : ''}><button type="submit" class="button search-form__submit">${t('submit')}</button></div>${category ? html`<input type="hidden" name="category" value="${category}">` : ''}${message ? html`<p id="search-answer-problem" class="search-form__hint" role="alert">${message}</p>` : ''}</form>`;
}

function dateOf(result: SearchResult, locale: Locale): string | null {
  if (!result.date) return null;
  if (result.type === 'event') return `${formatEventDate(result.date, locale)}, ${formatEventTime(result.date, locale)}`;
  // An article's day (YYYY-MM-DD): noon UTC of it is the same day in Berlin.
  return /^\d{4}-\d{2}-\d{2}$/.test(result.date) ? formatEventDate(`${result.date}T12:00:00Z`, locale) : null;
}

/** One result as the search page lists it; the snippet is escaped HTML with `<mark>` only (searcher.ts, snippet.ts). */
function resultItem(result: SearchResult, locale: Locale, t: Translate): SafeHtml {
  const date = dateOf(result, locale);
  return html`<li class="search-result"><p class="search-result__meta"><span class="search-result__type">${t(`type_${result.type}`)}</span>${date ? html` <span class="search-result__date">${date}</span>` : ''}</p><h3 class="search-result__title"><a href="${result.url}">${result.title}</a></h3>${result.snippet ? html`<p class="search-result__snippet">${rawHtml(result.snippet)}</p>` : ''}</li>`;
}

const resultList = (results: SearchResult[], locale: Locale, t: Translate, start = 1) =>
  html`<ol class="search-results"${start > 1 ? html` start="${start}"` : ''}>${results.map((result) => resultItem(result, locale, t))}</ol>`;

/** The categories as links, with their counts, the one shown marked. */
function tabs(locale: Locale, t: Translate, summary: SearchSummary, current: SearchCategory | null): SafeHtml {
  const total = summary.pages.count + summary.others.count;
  const items = [null, ...searchCategories].map((which) => {
    const label = which ? t(`category_${which}`) : t('category_all');
    const count = which ? summary[which].count : total;
    const href = answerAddress(locale, { query: summary.query, category: which, page: 1 });
    return html`<li><a href="${href}" class="search-tabs__link"${which === current ? rawHtml(' aria-current="page"') : ''}>${label} <span class="search-tabs__count">(${count})</span></a></li>`;
  });
  return html`<nav class="search-tabs tab-navigation" aria-label="${t('categories')}"><ul>${items}</ul></nav>`;
}

export interface SearchAnswer {
  status: number;
  title: string;
  body: SafeHtml;
}

const titleFor = (t: Translate, query: string) => (query.trim() ? `${t('title')}: ${query.trim()}` : t('title'));

/** A search that cannot be run: the reason beside the field (a refused string) or a message with a way on. */
export function refusedAnswer(locale: Locale, asked: SearchAsked, reason: { problem?: string; unknown?: true }): SearchAnswer {
  const t = translator(searchStrings, locale);
  const title = titleFor(t, asked.query);
  const message = reason.problem ? t(`problem_${reason.problem}`) : undefined;
  const unknown = reason.unknown ? html`<div class="search-message"><p>${t('unknownRoute')}</p><p><a href="${answerAddress(locale, { ...asked, category: null, page: 1 })}">${t('toSearch')}</a></p></div>` : '';
  return { status: 400, title, body: html`<div class="search-page"><h1 class="page-title">${title}</h1>${form(locale, t, asked.query, asked.category, message)}${unknown}</div>` };
}

/** The summary of both categories, or a category's page; a page past the last is 404 with a link to the first. */
export function resultsAnswer(locale: Locale, asked: SearchAsked, summary: SearchSummary, page: { results: SearchResult[] } | null): SearchAnswer {
  const t = translator(searchStrings, locale);
  const { query } = summary;
  const title = titleFor(t, query);
  const head = html`<h1 class="page-title">${title}</h1>${form(locale, t, query, asked.category)}`;
  const total = summary.pages.count + summary.others.count;
  if (total === 0) {
    return { status: 200, title, body: html`<div class="search-page">${head}<div class="search-message"><p>${t('none', { query })}</p><p>${t('noneHint')}</p></div></div>` };
  }
  const { category } = asked;
  if (!category) {
    const groups = searchCategories
      .filter((which) => summary[which].count > 0)
      .map((which) => {
        const { count, results } = summary[which];
        const label = t(`category_${which}`);
        const more = count > results.length ? html`<p class="search-group__more"><a href="${answerAddress(locale, { query, category: which, page: 1 })}">${t('showAll', { count, category: label })}</a></p>` : '';
        return html`<section class="search-group" aria-labelledby="search-group-${which}"><h2 id="search-group-${which}" class="search-group__title">${label} <span class="search-group__count">(${count})</span></h2>${resultList(results, locale, t)}${more}</section>`;
      });
    return { status: 200, title, body: html`<div class="search-page">${head}<p class="search-status">${t('found', { count: total, query })}</p>${tabs(locale, t, summary, null)}${groups}</div>` };
  }

  const label = t(`category_${category}`);
  const { count } = summary[category];
  const pages = pagesFor(count);
  const status = html`<p class="search-status">${t('foundIn', { count, query, category: label })}</p>${tabs(locale, t, summary, category)}`;
  if (count === 0) return { status: 200, title, body: html`<div class="search-page">${head}${status}<p class="search-message">${t('noneIn', { category: label })}</p></div>` };
  if (asked.page > pages || !page) {
    const first = answerAddress(locale, { query, category, page: 1 });
    return { status: 404, title, body: html`<div class="search-page">${head}${status}<div class="search-message"><p>${t('pageNotFound')}</p><p><a href="${first}">${t('toFirstPage')}</a></p></div></div>` };
  }
  const link = (to: number, rel: string, text: string) => html`<a href="${answerAddress(locale, { query, category, page: to })}" rel="${rel}" class="search-paging__link">${text}</a>`;
  const paging =
    pages > 1
      ? html`<nav class="search-paging" aria-label="${t('paging')}">${asked.page > 1 ? link(asked.page - 1, 'prev', t('previous')) : html`<span></span>`}<span class="search-paging__position">${t('pageOf', { page: asked.page, pages })}</span>${asked.page < pages ? link(asked.page + 1, 'next', t('next')) : html`<span></span>`}</nav>`
      : '';
  const section = html`<section class="search-group" aria-labelledby="search-category"><h2 id="search-category" class="search-group__title">${label} <span class="search-group__count">(${count})</span></h2>${resultList(page.results, locale, t, (asked.page - 1) * pageSize + 1)}${paging}</section>`;
  return { status: 200, title, body: html`<div class="search-page">${head}${status}${section}</div>` };
}
