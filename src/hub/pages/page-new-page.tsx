/** `/cms-hub/pages/new`: create a page below a chosen one (POST create), then go to its change page. */
import { FORM_ERROR } from 'final-form';
import { Link, navigate } from 'gatsby';
import React, { useMemo } from 'react';
import { useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { hubPaths } from '../routes';
import { texts } from '../texts';
import { useHubRead } from '../use-hub-read';
import { PageForm, submissionErrors } from './page-form';
import { pageTexts } from './page-texts';
import { parentChoices } from './page-tree';
import { createBody, isFilled, newPageValues, type PageFormValues } from './page-values';
import { pagesApi, sectionKey, type PageTreeRow } from './pages-api';
import { usePagesStyles } from './pages-styles';
import { refusalText } from '../../staff/refusal-texts';
import { hubLanguage } from '../hub-language';

const noRows: PageTreeRow[] = [];

export function PageNewPage() {
  usePagesStyles();
  const { location, sessionEnded } = useHub();
  const [tree] = useHubRead('pages-tree', (signal) => pagesApi.tree(signal));
  const rows = tree.state === 'done' && tree.result.ok ? tree.result.data.results : noRows;
  // `?parent=12` (from a page's change page) preselects the parent.
  const preset = new URLSearchParams(location.search).get('parent') ?? '';
  const parents = useMemo(() => parentChoices(rows, pageTexts.noParent, pageTexts.untitled), [rows]);
  let parentsHint: string | undefined;
  if (tree.state === 'loading') parentsHint = texts.loading;
  else if (!tree.result.ok) parentsHint = texts.loadFailed(refusalText(tree.result, hubLanguage()));
  const initialValues = useMemo(() => ({ ...newPageValues, parent_id: rows.some((row) => String(row.id) === preset) ? preset : '' }), [rows, preset]);

  const create = async (values: PageFormValues) => {
    if (!values.translations || !Object.values(values.translations).some(isFilled)) return { [FORM_ERROR]: pageTexts.needsLanguage };
    const result = await pagesApi.create(createBody(values));
    if (result.ok) {
      void navigate(hubPaths.sectionRecord(sectionKey, result.data.id), { state: { message: texts.created } });
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result);
  };

  return (
    <>
      <Link className="kfh-back" to={hubPaths.section(sectionKey)}>
        {pageTexts.backToPages}
      </Link>
      <PageHeading title={pageTexts.newPage} />
      <PageForm initialValues={initialValues} parents={parents} parentsHint={parentsHint} onSubmit={create} submitLabel={texts.create} />
    </>
  );
}
