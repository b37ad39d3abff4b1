/**
 * `/cms-hub/articles`: the magazine articles' metadata (titles, teaser, address, date, category, author, image,
 * online, lead article). Their text is edited in place on the site.
 */
import { Link } from 'gatsby';
import React, { useMemo } from 'react';
import { routePath } from '../../lib/route-path';
import { CheckboxField, required, TextField } from '../fields';
import { flashMessage, useHub } from '../hub-context';
import type { ListFilter } from '../list-state';
import { ActionMessages, ResourceList, type Column } from '../resource-list';
import { hubPaths } from '../routes';
import { contentApi, everything, type ArticleRow } from './content-api';
import { ImageIdField, LanguageFieldsets, onlineFilter, onlineText, ReferenceSelect, slugInput, useEveryRow } from './content-fields';
import { ScheduleFields } from '../schedule/schedule-fields';
import { contentTexts, articleTexts } from './content-texts';
import { articleBody, articleFieldOf, articleValuesOf, emptyArticle, type ArticleRecord, type ArticleValues } from './content-values';
import { recordScreens, SectionToolbar, type RecordSection } from './record-pages';
import { berlinDate } from '../../../contract/berlin-time';

const t = articleTexts;
const key = 'articles';

/** Every category, for the filter, the list's column and the form's select. */
const useCategories = () => useEveryRow('article-categories', (signal) => contentApi.categories.list({ ...everything, ordering: 'position' }, signal));

function ArticlesListPage() {
  const { location } = useHub();
  const { rows: categories, error } = useCategories();
  const names = useMemo(() => new Map((categories ?? []).map((category) => [category.id, category.name_de])), [categories]);
  const filters: ListFilter[] = useMemo(
    () => [
      { name: 'category_id', label: t.category, options: [{ value: '', label: t.allCategories }, ...(categories ?? []).map((category) => ({ value: String(category.id), label: category.name_de }))] },
      onlineFilter(),
    ],
    [categories],
  );
  const columns: Column<ArticleRow>[] = [
    { key: 'title', label: t.titleField, rowHeader: true, cell: (row) => <Link to={hubPaths.sectionRecord(key, row.id)}>{row.title_de}</Link> },
    { key: 'published', label: t.publishedOn, cell: (row) => row.published_on },
    { key: 'category', label: t.category, cell: (row) => names.get(row.category_id) ?? `#${row.category_id}` },
    { key: 'author', label: t.author, cell: (row) => row.author },
    { key: 'online', label: contentTexts.online, cell: (row) => onlineText(row.is_online) },
  ];
  // The filter's choices come with the categories; until then the address's category_id would read as unknown.
  if (!categories && !error)
    return (
      <>
        <SectionToolbar title={t.list} sectionKey={key} />
        <p role="status">{contentTexts.loading}</p>
      </>
    );
  return (
    <>
      <SectionToolbar title={t.list} sectionKey={key} />
      <ActionMessages ok={flashMessage(location.state)} error={error && t.categoriesFailed(error)} />
      <ResourceList<ArticleRow>
        title={t.list}
        path={(query) => hubPaths.section(key, query)}
        searchHint={t.searchHint}
        filters={filters}
        columns={columns}
        read={contentApi.articles.list}
        resultCount={t.count}
        empty={t.empty}
      />
    </>
  );
}

function CategorySelect() {
  const { rows, error } = useCategories();
  const options = rows?.map((category) => ({ value: String(category.id), label: category.name_de }));
  return (
    <ReferenceSelect
      name="category_id"
      label={t.category}
      choose={t.chooseCategory}
      options={options}
      loadingHint={t.categoriesLoading}
      failedHint={error && t.categoriesFailed(error)}
    />
  );
}

function ArticleFields({ id }: { id?: number }) {
  return (
    <>
      <LanguageFieldsets
        inputs={[
          { name: 'title', label: t.titleField, isRequired: true },
          { name: 'teaser', label: t.teaser, rows: 3 },
          slugInput(id ? (language, slug) => routePath('magazine-slug-id', language, { slug, id }) : undefined),
        ]}
      />
      <TextField name="published_on" label={t.publishedOn} type="date" validate={required} />
      <CategorySelect />
      <TextField name="author" label={t.author} autoComplete="off" />
      <ImageIdField />
      <CheckboxField name="is_online" label={t.onlineField} />
      <ScheduleFields />
      <CheckboxField name="is_main_teaser" label={t.mainTeaser} />
    </>
  );
}

/** Today in Berlin as YYYY-MM-DD, the new article's date. */
const today = () => berlinDate(new Date());

export const articleSection: RecordSection<ArticleRecord, ArticleValues> = {
  key,
  api: contentApi.articles,
  texts: t,
  nameOf: (record) => record.title.de,
  empty: () => emptyArticle(today()),
  valuesOf: articleValuesOf,
  bodyOf: articleBody,
  fieldOf: articleFieldOf,
  Fields: ArticleFields,
  sitePaths: (record) => ({
    de: routePath('magazine-slug-id', 'de', { slug: record.slug.de, id: record.id }),
    en: routePath('magazine-slug-id', 'en', { slug: record.slug.en, id: record.id }),
  }),
};

export const articleScreens = recordScreens(articleSection, ArticlesListPage);
