/**
 * `/cms-hub/forms`: every form, online or not, searched and filtered by the server, with how many fields and
 * entries each has; a form's entries are one link away (the entries list narrowed to it).
 */
import { Link } from 'gatsby';
import React from 'react';
import { flashMessage, useHub } from '../hub-context';
import { yesNoFilter, type ListFilter } from '../list-state';
import { PageHeading } from '../page-heading';
import { ActionMessages, ResourceList, type Column } from '../resource-list';
import { hubPaths } from '../routes';
import { FORMS, formsApi, type FormRow } from './forms-api';
import { formsTexts as t } from './forms-texts';

const filters = (): ListFilter[] => [
  yesNoFilter('is_online', t.onlineFilter, { all: t.all, yes: t.online, no: t.offline }),
];

const titleOf = (row: FormRow) => row.title_de || row.title_en || row.slug;

const columns = (): Column<FormRow>[] => [
  { key: 'title', label: t.columnTitle, rowHeader: true, cell: (row) => <Link to={hubPaths.sectionRecord(FORMS, row.id)}>{titleOf(row)}</Link> },
  { key: 'slug', label: t.columnSlug, cell: (row) => row.slug },
  { key: 'fields', label: t.columnFields, cell: (row) => row.field_count },
  {
    key: 'entries',
    label: t.columnEntries,
    cell: (row) => (
      <Link to={hubPaths.formEntries(`?form_id=${row.id}`)}>
        {t.entryCount(row.entry_count)}
        <span className="visually-hidden">{t.ofForm(titleOf(row))}</span>
      </Link>
    ),
  },
  { key: 'online', label: t.columnOnline, cell: (row) => (row.is_online ? t.online : t.offline) },
];

export function FormsListPage() {
  const { location } = useHub();
  return (
    <>
      <div className="kfh-toolbar">
        <PageHeading title={t.formsTitle} />
        <Link className="kfe-button" to={hubPaths.sectionNew(FORMS)}>
          {t.newForm}
        </Link>
      </div>
      <ActionMessages ok={flashMessage(location.state)} />
      <ResourceList<FormRow>
        title={t.formsTitle}
        path={(query) => hubPaths.section(FORMS, query)}
        searchHint={t.searchHint}
        filters={filters()}
        columns={columns()}
        read={(params, signal) => formsApi.list(params, signal)}
        resultCount={t.formCount}
        empty={t.noForms}
      />
    </>
  );
}
