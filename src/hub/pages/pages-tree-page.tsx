/**
 * `/cms-hub/pages`: every page as a tree of nested lists (the whole tree is one call), each with its addresses in
 * both languages, online or offline, and links to its change page and its versions. The search and the online
 * filter narrow the tree in the browser to the matching pages and their ancestors; they live in the address's
 * query, so reload and the back button show the same tree. Unfiltered, each page can move one place up or down
 * among its siblings (ADR 036); the result is said in a status region and the focus stays on the moved row.
 */
import { Link, navigate } from 'gatsby';
import React, { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { queryString } from '../api';
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
import { locales } from '../../../contract/locales';
import { hubLanguage } from '../hub-language';

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
    const older = fields.namedItem('older') as HTMLInputElement | null;
    if (older) older.checked = Boolean(filter.older);
  }, [filter.search, filter.online, filter.older]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void navigate(
      hubPaths.section(
        sectionKey,
        queryString({ search: String(data.get('search') ?? '').trim(), online: String(data.get('online') ?? ''), older: data.get('older') ? 'true' : '' }),
      ),
    );
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
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-older`}>
          <input id={`${id}-older`} name="older" type="checkbox" value="true" defaultChecked={filter.older} aria-describedby={`${id}-older-hint`} /> {pageTexts.olderFilter}
        </label>
        <p className="form-field__help" id={`${id}-older-hint`}>
          {pageTexts.olderFilterHint}
        </p>
      </div>
      <button type="submit" className="kfe-button">
        {texts.applyFilter}
      </button>
    </form>
  );
}

/** Moving a page one place up or down among its siblings; undefined while the tree is filtered (ADR 036). */
interface Reorder {
  move: (node: TreeNode, siblings: readonly TreeNode[], delta: -1 | 1) => void;
}

function TreeItem({ node, siblings, index, reorder }: { node: TreeNode; siblings: readonly TreeNode[]; index: number; reorder?: Reorder }) {
  const { row } = node;
  const title = pageTitle(row, pageTexts.untitled);
  // The home page stays where it is (the server refuses to move it); a single child has nowhere to go.
  const movable = reorder && row.content_type !== 'home' && siblings.length > 1;
  return (
    <li>
      <div className={`kfh-tree__row${node.matches ? '' : ' kfh-tree__row--context'}`}>
        <Link className="kfh-tree__title" to={hubPaths.sectionRecord(sectionKey, row.id)}>
          {title}
        </Link>
        {row.content_type === 'home' && title !== pageTexts.homePage && <span className="kfh-note"> ({pageTexts.homePage})</span>}
        {!node.matches && <span className="kfh-note"> ({pageTexts.parentOnly})</span>}
        <span className={`kfh-badge kfh-badge--${row.is_online ? 'on' : 'off'}`}>{row.is_online ? pageTexts.online : pageTexts.offline}</span>
        {row.translation_older && (
          <span className="kfh-badge kfh-badge--older" data-testid="translation-older">
            {pageTexts.olderSide(row.translation_older)}
          </span>
        )}
        <span className="kfh-tree__paths">
          {locales.map((language) => {
            const path = language === 'de' ? row.path_de : row.path_en;
            return (
              <span key={language}>
                <abbr title={pageTexts.addressIn(language)}>{language.toUpperCase()}</abbr> {path ?? <span className="kfh-note">{pageTexts.noTranslation}</span>}
              </span>
            );
          })}
        </span>
        <span className="kfh-tree__actions">
          {movable && (
            <>
              <button
                type="button"
                className="kfe-button kfe-button--secondary kfe-button--small"
                data-focus={`${row.id}-up`}
                aria-label={pageTexts.moveUpLabel(title)}
                disabled={index === 0}
                onClick={() => reorder.move(node, siblings, -1)}
              >
                {pageTexts.moveUp}
              </button>
              <button
                type="button"
                className="kfe-button kfe-button--secondary kfe-button--small"
                data-focus={`${row.id}-down`}
                aria-label={pageTexts.moveDownLabel(title)}
                disabled={index === siblings.length - 1}
                onClick={() => reorder.move(node, siblings, 1)}
              >
                {pageTexts.moveDown}
              </button>
            </>
          )}
          <Link className="kfh-tree__versions" to={hubPaths.sectionRecord(sectionKey, row.id, 'versions')} aria-label={pageTexts.versionsOf(title)}>
            {pageTexts.versionsLink}
          </Link>
        </span>
      </div>
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child, childIndex) => (
            <TreeItem key={child.row.id} node={child} siblings={node.children} index={childIndex} reorder={reorder} />
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
  const [read, setRead] = useHubRead('pages-tree', (signal) => pagesApi.tree(signal));
  const message = flashMessage(location.state);
  const { sessionEnded } = useHub();
  // What the last reorder did, said in a status region that is always there, so it is announced and seen.
  const [announcement, setAnnouncement] = useState<{ text: string; failed?: boolean }>();
  const [focusAfter, setFocusAfter] = useState<string>();
  const moving = useRef(false);
  const treeRef = useRef<HTMLUListElement>(null);

  // After a move, the same button of the moved row keeps the focus; at the end of its list, the other one.
  useEffect(() => {
    if (!focusAfter) return;
    const [id, direction] = focusAfter.split('-');
    const button = (which: string) => treeRef.current?.querySelector<HTMLButtonElement>(`[data-focus="${id}-${which}"]`);
    const target = button(direction);
    (target && !target.disabled ? target : button(direction === 'up' ? 'down' : 'up'))?.focus();
    setFocusAfter(undefined);
  }, [focusAfter, read]);

  const reorder: Reorder = {
    move: (node, siblings, delta) => {
      if (moving.current) return;
      moving.current = true;
      const { row } = node;
      const title = pageTitle(row, pageTexts.untitled);
      const place = siblings.indexOf(node) + delta;
      void (async () => {
        try {
          const result = await pagesApi.move(row.id, { parent_id: row.parent_id, position: place });
          if (!result.ok) {
            if (result.status === 401) sessionEnded();
            else setAnnouncement({ text: pageTexts.reorderFailed(title, refusalText(result, hubLanguage())), failed: true });
            return;
          }
          const tree = await pagesApi.tree();
          if (tree.ok) setRead(tree);
          const parent = row.parent_id === null || !tree.ok ? undefined : tree.data.results.find((entry) => entry.id === row.parent_id);
          setAnnouncement({ text: pageTexts.reordered(title, place + 1, siblings.length, parent ? pageTitle(parent, pageTexts.untitled) : null) });
          setFocusAfter(`${row.id}-${delta < 0 ? 'up' : 'down'}`);
        } finally {
          moving.current = false;
        }
      })();
    },
  };

  let body: React.ReactNode;
  if (read.state === 'loading') body = <p role="status">{texts.loading}</p>;
  else if (!read.result.ok)
    body = (
      <p className="kfh-message kfh-message--error" role="alert">
        {texts.loadFailed(refusalText(read.result, hubLanguage()))}
      </p>
    );
  else {
    const { count, results } = read.result.data;
    const { roots, matched } = buildTree(results, filter);
    const filtered = Boolean(filter.search || filter.online || filter.older);
    body = (
      <>
        <p role="status">{filtered ? (matched ? pageTexts.matchCount(matched, count) : pageTexts.noMatch) : pageTexts.pageCount(count)}</p>
        <p className="form-field__help">{pageTexts.reorderHint}</p>
        {roots.length > 0 && (
          <ul className="kfh-tree" aria-label={pageTexts.treeLabel} ref={treeRef}>
            {roots.map((node, index) => (
              // Filtered, a list shows only some siblings: moving among them would mislead, so no buttons then.
              <TreeItem key={node.row.id} node={node} siblings={roots} index={index} reorder={filtered ? undefined : reorder} />
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
      <p role="status" className={announcement ? `kfh-message kfh-message--${announcement.failed ? 'error' : 'ok'}` : undefined}>
        {announcement?.text}
      </p>
      {body}
    </>
  );
}
