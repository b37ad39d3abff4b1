/**
 * `/cms-hub/form-entries`: what visitors sent, newest first, narrowed to one form and searched in the values;
 * with one form chosen, its entries download as CSV (a plain link: the session cookie goes along).
 */
import { Link } from 'gatsby';
import React, { useMemo } from 'react';
import { formatBerlin } from '../berlin-time';
import { flashMessage, useHub } from '../hub-context';
import type { ListFilter } from '../list-state';
import { PageHeading } from '../page-heading';
import { ActionMessages, ResourceList, type Column } from '../resource-list';
import { hubPaths } from '../routes';
import { sectionsApi, type FormEntryRow } from '../sections-api';
import { texts } from '../texts';
import { useFormChoices } from './form-choices';
import { FORM_ENTRY_RETENTION_DAYS } from '../../../contract/form-entry-retention';

export function FormEntriesListPage() {
  const { location } = useHub();
  const forms = useFormChoices();
  const titles = useMemo(() => new Map((forms ?? []).map((form) => [form.id, form.title])), [forms]);
  const filters: ListFilter[] = useMemo(
    () => [{ name: 'form_id', label: texts.form, options: [{ value: '', label: texts.allForms }, ...(forms ?? []).map((form) => ({ value: String(form.id), label: form.title }))] }],
    [forms],
  );
  const columns: Column<FormEntryRow>[] = [
    { key: 'received', label: texts.entryReceived, rowHeader: true, cell: (row) => <Link to={hubPaths.formEntry(row.id)}>{formatBerlin(row.created_at)}</Link> },
    { key: 'form', label: texts.form, cell: (row) => titles.get(row.form_id) ?? `#${row.form_id}` },
    { key: 'language', label: texts.entryLanguage, cell: (row) => texts.languages[row.locale] ?? row.locale },
    { key: 'summary', label: texts.entrySummary, cell: (row) => row.summary },
  ];

  // The filter's choices come with the forms; until then the address's form_id would read as unknown.
  if (!forms)
    return (
      <>
        <PageHeading title={texts.formEntries} />
        <p role="status">{texts.loading}</p>
      </>
    );
  return (
    <>
      <PageHeading title={texts.formEntries} />
      <ActionMessages ok={flashMessage(location.state)} />
      <p className="kfh-note">{texts.entryRetention(FORM_ENTRY_RETENTION_DAYS)}</p>
      <ResourceList<FormEntryRow>
        title={texts.formEntries}
        path={hubPaths.formEntries}
        searchHint={texts.formEntriesSearchHint}
        filters={filters}
        columns={columns}
        read={(params, signal) => sectionsApi.formEntries.list(params, signal)}
        resultCount={texts.entryCount}
        empty={texts.noEntries}
        aside={(state) => (
          <p>
            {state.filters.form_id ? (
              <a className="kfe-button kfe-button--secondary" href={sectionsApi.formEntries.exportUrl(Number(state.filters.form_id))} download>
                {texts.exportCsv}
              </a>
            ) : (
              texts.exportNeedsForm
            )}
          </p>
        )}
      />
    </>
  );
}
