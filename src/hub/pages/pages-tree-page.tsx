/**
 * `/cms-hub/pages`: every page as a tree of nested lists (the whole tree is one call), each with its addresses in
 * both languages, online or offline, and links to its change page and its versions. The search and the online
 * filter narrow the tree in the browser to the matching pages and their ancestors; they live in the address's
 * query, so reload and the back button show the same tree.
 */
import { Link, navigate } from 'gatsby';
import React, { useEffect, useId, useRef, type FormEvent } from 'react';
import { queryString, hubLocale } from '../api';
import { flashMessage, useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { hubPaths } from '../routes';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { buildTree, pageTitle, readTreeFilter, type TreeFilter, type TreeNode } from './page-tree';
import { pageTexts } from './page-texts';
import { pagesApi, sectionKey } from './pages-api';
import { usePagesStyles } from './pages-styles';
import { refusalText } from '../../staff/refusal-texts';

function SearchForm({ filter }: { filter: TreeFilter }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // The inputs follow the address (back button) without being drawn anew, so the focus stays where it is.
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    const search = fields.namedItem('search') as HTMLInputElement | null;
    if (search) search.value = filter.search;
    const online = fields.namedItem('online') as HTMLSelectElement | null;
    if (online) online.value = filter.online;
  }, [filter.search, filter.online]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void navigate(hubPaths.section(sectionKey, queryString({ search: String(data.get('search') ?? '').trim(), online: String(data.get('online') ?? '') })));
  };
  return (
    <form ref={form} className="kfh-filter" role="search" aria-label={pageTexts.searchLabel} onSubmit={submit}>
      <div className="form-field form-field--wide">
        <label className="form-field__label" htmlFor={`${id}-search`}>
          {texts.search}
        </label>
        <input id={`${id}-search`} name="search" type="search" defaultValue={filter.search} aria-describedby={`${id}-hint`} />
        <p className="form-field__help" id={`${id}-hint`}>
          {pageTexts.searchHint}
        </p>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-online`}>
          {texts.online}
        </label>
        <select id={`${id}-online`} name="online" defaultValue={filter.online}>
          <option value="">{texts.onlineAll}</option>
          <option value="true">{texts.onlineYes}</option>
          <option value="false">{texts.onlineNo}</option>
        </select>
      </div>
      <button type="submit" className="kfe-button">
        {texts.applyFilter}
      </button>
    </form>
  );
}

function TreeItem({ node }: { node: TreeNode }) {
  const { row } = node;
  const title = pageTitle(row, pageTexts.untitled);
  return (
    <li>
      <div className={`kfh-tree__row${node.matches ? '' : ' kfh-tree__row--context'}`}>
        <Link className="kfh-tree__title" to={hubPaths.sectionRecord(sectionKey, row.id)}>
          {title}
        </Link>
        {row.content_type === 'home' && title !== pageTexts.homePage && <span className="kfh-note"> ({pageTexts.homePage})</span>}
        {!node.matches && <span className="kfh-note"> ({pageTexts.parentOnly})</span>}
        <span className={`kfh-badge kfh-badge--${row.is_online ? 'on' : 'off'}`}>{row.is_online ? pageTexts.online : pageTexts.offline}</span>
        <span className="kfh-tree__paths">
          {(['de', 'en'] as const).map((language) => {
            const path = language === 'de' ? row.path_de : row.path_en;
            return (
              <span key={language}>
                <abbr title={pageTexts.addressIn(language)}>{language.toUpperCase()}</abbr> {path ?? <span className="kfh-note">{pageTexts.noTranslation}</span>}
              </span>
            );
          })}
        </span>
        <Link className="kfh-tree__versions" to={hubPaths.sectionRecord(sectionKey, row.id, 'versions')} aria-label={pageTexts.versionsOf(title)}>
          {pageTexts.versionsLink}
        </Link>
      </div>
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child) => (
            <TreeItem key={child.row.id} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function PagesTreePage() {
  usePagesStyles();
  const { location } = useHub();
  const filter = readTreeFilter(location.search);
  const [read] = useHubRead('pages-tree', (signal) => pagesApi.tree(signal));
  const message = flashMessage(location.state);

  let body: React.ReactNode;
  if (read.state === 'loading') body = <p role="status">{texts.loading}</p>;
  else if (!read.result.ok)
    body = (
      <p className="kfh-message kfh-message--error" role="alert">
        {texts.loadFailed(refusalText(read.result, hubLocale))}
      </p>
    );
  else {
    const { count, results } = read.result.data;
    const { roots, matched } = buildTree(results, filter);
    const filtered = Boolean(filter.search || filter.online);
    body = (
      <>
        <p role="status">{filtered ? (matched ? pageTexts.matchCount(matched, count) : pageTexts.noMatch) : pageTexts.pageCount(count)}</p>
        {roots.length > 0 && (
          <ul className="kfh-tree" aria-label={pageTexts.treeLabel}>
            {roots.map((node) => (
              <TreeItem key={node.row.id} node={node} />
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <>
      <div className="kfh-toolbar">
        <PageHeading title={pageTexts.title} />
        <Link className="kfe-button" to={hubPaths.sectionNew(sectionKey)}>
          {pageTexts.newPage}
        </Link>
      </div>
      {message && (
        <p className="kfh-message kfh-message--ok" role="status">
          {message}
        </p>
      )}
      <SearchForm filter={filter} />
      {body}
    </>
  );
}
