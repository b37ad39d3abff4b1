/**
 * `/cms-hub/pages/{id}`: change a page's flags and its texts in both languages (POST update; the server writes only
 * what changed, as one version), move it below another page, delete it after a confirmation that lists the
 * subpages going with it (a refusal, e.g. for a page in the navigation, is shown), copy it as a new offline page
 * (ADR 088), and go to its versions.
 */
import { Link } from 'gatsby';
import React, { useMemo, useState } from 'react';
import { flashMessage, useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { useRecordDelete } from '../record-delete';
import { hubPaths } from '../routes';
import { NotFoundPage } from '../section-page';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { EditOnSite } from '../edit-on-site';
import { PageForm, submissionErrors } from './page-form';
import { pageTexts } from './page-texts';
import { PageMoveForm } from './page-move-form';
import { PageCopyForm } from './page-copy-form';
import { buildTree, pageTitle, subpagesOf, type TreeNode } from './page-tree';
import { formValuesOf, updateBody, type PageFormValues } from './page-values';
import { pagesApi, sectionKey, type PageRecord, type PageTreeRow } from './pages-api';
import { usePagesStyles } from './pages-styles';
import { refusalText } from '../../staff/refusal-texts';
import { hubLanguage } from '../hub-language';

export const recordTitle = (record: PageRecord) =>
  pageTitle({ id: record.id, title_de: record.translations.de?.title ?? null, title_en: record.translations.en?.title ?? null }, pageTexts.untitled);

/** The pages deleted with a page, nested as in the tree, each with its address. */
function SubpageList({ rows, pageId }: { rows: readonly PageTreeRow[]; pageId: number }) {
  const subpages = subpagesOf(rows, pageId);
  // Below the page, its children are the tree's top: a subtree is drawn like the whole tree.
  const { roots } = buildTree(
    subpages.map(({ row }) => row),
    { search: '', online: '' },
  );
  const item = (node: TreeNode): React.ReactNode => (
    <li key={node.row.id}>
      {pageTitle(node.row, pageTexts.untitled)} <span className="kfh-note">({node.row.path_de ?? node.row.path_en})</span>
      {node.children.length > 0 && <ul>{node.children.map(item)}</ul>}
    </li>
  );
  return (
    <>
      <p>{pageTexts.subpagesGoing(subpages.length)}</p>
      <ul className="kfh-tree kfh-subpages" aria-label={pageTexts.subpagesList}>
        {roots.map(item)}
      </ul>
    </>
  );
}

interface ChangeFormProps {
  record: PageRecord;
  onSaved: (record: PageRecord) => void;
  /** The whole tree, undefined while it is read: what a delete takes with it. */
  rows: readonly PageTreeRow[] | undefined;
  /** Reads the tree again, so the question lists the subpages as they are now. */
  onAsk: () => void;
}

function ChangeForm({ record, onSaved, rows, onAsk }: ChangeFormProps) {
  const { location, sessionEnded } = useHub();
  const [status, setStatus] = useState(flashMessage(location.state));
  const initialValues = useMemo(() => formValuesOf(record), [record]);
  const title = recordTitle(record);
  const subpages = rows && subpagesOf(rows, record.id);
  const deletion = useRecordDelete({
    // The number of subpages the question listed: the server deletes them too, and refuses if they changed since.
    // Before the tree is read, none is sent, so a page with subpages is refused rather than deleted unseen.
    remove: () => pagesApi.remove(record.id, subpages?.length),
    listPath: hubPaths.section(sectionKey),
    deletedMessage: texts.deleted(title),
    title: pageTexts.deleteTitle,
    message: subpages?.length ? pageTexts.deleteWithSubpagesMessage(title, subpages.length) : pageTexts.deleteMessage(title),
    details: !rows ? <p role="status">{pageTexts.subpagesLoading}</p> : subpages?.length ? <SubpageList rows={rows} pageId={record.id} /> : undefined,
  });

  const save = async (values: PageFormValues) => {
    setStatus(undefined);
    const result = await pagesApi.update(record.id, updateBody(values, record));
    if (result.ok) {
      onSaved(result.data);
      setStatus(texts.saved);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result);
  };

  return (
    <>
      {deletion.refusal}
      <PageForm
        initialValues={initialValues}
        record={record}
        onSubmit={save}
        submitLabel={texts.save}
        status={status}
        actions={
          record.content_type === 'home' ? (
            <p className="kfh-note">{pageTexts.homeNotDeletable}</p>
          ) : (
            <button
              type="button"
              className="kfe-button kfe-button--danger"
              onClick={() => {
                onAsk();
                deletion.ask();
              }}
            >
              {texts.delete}
            </button>
          )
        }
      />
      {deletion.dialog}
    </>
  );
}

export function PageChangePage({ id }: { id: number }) {
  usePagesStyles();
  const [read, setRead] = useHubRead(`page:${id}`, (signal) => pagesApi.read(id, signal));
  // Read again before a delete's question and after a move, so both see the tree as it is.
  const [treeRead, setTreeRead] = useState(0);
  const [tree] = useHubRead(`pages-tree:${id}:${treeRead}`, (signal) => pagesApi.tree(signal));
  const rows = tree.state === 'done' && tree.result.ok ? tree.result.data.results : undefined;
  let treeHint: string | undefined;
  if (tree.state === 'loading') treeHint = texts.loading;
  else if (!tree.result.ok) treeHint = texts.loadFailed(refusalText(tree.result, hubLanguage()));
  if (read.state === 'done' && !read.result.ok && read.result.status === 404) return <NotFoundPage />;
  const record = read.state === 'done' && read.result.ok ? read.result.data : undefined;
  return (
    <>
      <Link className="kfh-back" to={hubPaths.section(sectionKey)}>
        {pageTexts.backToPages}
      </Link>
      <PageHeading title={record ? pageTexts.pageTitle(recordTitle(record)) : pageTexts.pageLoading} />
      {read.state === 'loading' && <p role="status">{texts.loading}</p>}
      {read.state === 'done' && !read.result.ok && (
        <p className="kfh-message kfh-message--error" role="alert">
          {texts.loadFailed(refusalText(read.result, hubLanguage()))}
        </p>
      )}
      {record && (
        <>
          <p className="kfh-meta">
            {pageTexts.parent}:{' '}
            {record.parent_id === null ? pageTexts.noParent : <Link to={hubPaths.sectionRecord(sectionKey, record.parent_id)}>{record.parent_title ?? pageTexts.untitled(record.parent_id)}</Link>}
            <Link to={hubPaths.sectionRecord(sectionKey, record.id, 'versions')}>{pageTexts.versionsAction}</Link>
            <Link to={`${hubPaths.sectionNew(sectionKey)}?parent=${record.id}`}>{pageTexts.newSubpage}</Link>
          </p>
          <EditOnSite paths={{ de: record.translations.de?.path, en: record.translations.en?.path }} />
          <ChangeForm record={record} rows={rows} onAsk={() => setTreeRead((n) => n + 1)} onSaved={(saved) => setRead({ ok: true, status: 200, data: saved })} />
          {record.content_type === 'home' ? (
            <p className="kfh-note">{pageTexts.homeNotMovable}</p>
          ) : (
            <PageMoveForm
              record={record}
              rows={rows}
              treeHint={treeHint}
              onMoved={(moved) => {
                setRead({ ok: true, status: 200, data: moved });
                setTreeRead((n) => n + 1);
              }}
            />
          )}
          <PageCopyForm record={record} />
        </>
      )}
    </>
  );
}
