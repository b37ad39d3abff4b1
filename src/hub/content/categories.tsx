/** `/cms-hub/categories`: the magazine's categories (name and address per language, order); a category with articles cannot be deleted. */
import { Link } from 'gatsby';
import React from 'react';
import { routePath } from '../../lib/route-path';
import { flashMessage, useHub } from '../hub-context';
import { ActionMessages, ResourceList, type Column } from '../resource-list';
import { hubPaths } from '../routes';
import { contentApi, type CategoryRow } from './content-api';
import { LanguageFieldsets, PositionField, slugInput } from './content-fields';
import { contentTexts, categoryTexts } from './content-texts';
import { categoryBody, categoryFieldOf, categoryValuesOf, emptyCategory, type CategoryRecord, type CategoryValues } from './content-values';
import { recordScreens, SectionToolbar, type RecordSection } from './record-pages';

const t = categoryTexts;
const key = 'categories';

function CategoriesListPage() {
  const { location } = useHub();
  const columns: Column<CategoryRow>[] = [
    { key: 'name', label: t.name, rowHeader: true, cell: (row) => <Link to={hubPaths.sectionRecord(key, row.id)}>{row.name_de}</Link> },
    { key: 'name_en', label: `${t.name} (${contentTexts.english})`, cell: (row) => <span lang="en">{row.name_en}</span> },
    { key: 'slug', label: contentTexts.slug, cell: (row) => routePath('magazine', 'de', { category: row.slug_de }) },
    { key: 'position', label: contentTexts.position, cell: (row) => row.position },
  ];
  return (
    <>
      <SectionToolbar title={t.list} sectionKey={key} />
      <ActionMessages ok={flashMessage(location.state)} />
      <ResourceList<CategoryRow>
        title={t.list}
        path={(query) => hubPaths.section(key, query)}
        searchHint={t.searchHint}
        filters={[]}
        columns={columns}
        read={contentApi.categories.list}
        resultCount={t.count}
        empty={t.empty}
      />
    </>
  );
}

function CategoryFields() {
  return (
    <>
      <LanguageFieldsets
        inputs={[
          { name: 'name', label: t.name, isRequired: true },
          slugInput((language, slug) => routePath('magazine', language, { category: slug })),
        ]}
      />
      <PositionField />
    </>
  );
}

export const categorySection: RecordSection<CategoryRecord, CategoryValues> = {
  key,
  api: contentApi.categories,
  texts: t,
  nameOf: (record) => record.name.de,
  empty: () => emptyCategory,
  valuesOf: categoryValuesOf,
  bodyOf: categoryBody,
  fieldOf: categoryFieldOf,
  Fields: CategoryFields,
};

export const categoryScreens = recordScreens(categorySection, CategoriesListPage);
