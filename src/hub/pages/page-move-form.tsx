/**
 * The change page's "Verschieben" (ADR 036): another parent for the page, chosen from the tree without the page
 * and its subpages. The server gives the page and its subpages new addresses in both languages and redirects the
 * old ones; a refusal (a taken address, a parent without one of the page's languages) shows beside the select.
 */
import type { SubmissionErrors } from 'final-form';
import React, { useId, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { bodyFieldOf, FormShell, SelectField, submissionErrors } from '../fields';
import { useHub } from '../hub-context';
import { pageTexts } from './page-texts';
import { parentChoices, subpagesOf } from './page-tree';
import { pagesApi, type PageRecord, type PageTreeRow } from './pages-api';

interface Props {
  record: PageRecord;
  /** The whole tree, once read. */
  rows: readonly PageTreeRow[] | undefined;
  /** Said under the select while the tree loads or when it could not be read. */
  treeHint?: string;
  onMoved: (record: PageRecord) => void;
}

interface MoveValues {
  /** As the select holds it; '' for the top level. */
  parent_id: string;
}

const fieldOf = bodyFieldOf(new Set(['parent_id']));

export function PageMoveForm({ record, rows, treeHint, onMoved }: Props) {
  const { sessionEnded } = useHub();
  const headingId = useId();
  const [status, setStatus] = useState<string>();
  const choices = useMemo(() => parentChoices(rows ?? [], pageTexts.noParent, pageTexts.untitled, record.id), [rows, record.id]);
  const below = rows ? subpagesOf(rows, record.id).length : 0;
  const initialValues = useMemo<MoveValues>(() => ({ parent_id: record.parent_id === null ? '' : String(record.parent_id) }), [record.parent_id]);

  const move = async (values: MoveValues): Promise<SubmissionErrors> => {
    setStatus(undefined);
    const parentId = values.parent_id ? Number(values.parent_id) : null;
    if (parentId === record.parent_id) return { parent_id: pageTexts.moveSameParent };
    const result = await pagesApi.move(record.id, { parent_id: parentId });
    if (result.ok) {
      onMoved(result.data);
      const { de, en } = result.data.translations;
      setStatus(pageTexts.moved(de?.path ?? en?.path ?? ''));
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result, fieldOf);
  };

  return (
    <section className="kfh-move" aria-labelledby={headingId}>
      <h2 id={headingId}>{pageTexts.moveHeading}</h2>
      <Form<MoveValues>
        onSubmit={move}
        initialValues={initialValues}
        render={({ handleSubmit, submitting, submitError }) => (
          <FormShell handleSubmit={handleSubmit} submitting={Boolean(submitting)} submitError={submitError} submitLabel={pageTexts.moveSubmit} status={status} label={pageTexts.moveHeading}>
            <SelectField name="parent_id" label={pageTexts.moveParent} options={choices} hint={treeHint ?? pageTexts.moveHint(below)} disabled={!rows} />
          </FormShell>
        )}
      />
    </section>
  );
}
