/**
 * `/cms-hub/subscriptions`: the subscription series' metadata (titles, address, season, events in order, prices,
 * image, order, online). Their description is edited in place on the site.
 */
import { Link } from 'gatsby';
import React, { useMemo } from 'react';
import { routePath } from '../../lib/route-path';
import { CheckboxField, required, TextField } from '../fields';
import { flashMessage, useHub } from '../hub-context';
import type { ListFilter } from '../list-state';
import { ActionMessages, ResourceList, type Column } from '../resource-list';
import { hubPaths } from '../routes';
import { contentApi, everything, type SubscriptionRow } from './content-api';

import { EventListField } from '../../staff/pickers/event-list-field';
import { ImageIdField, LanguageFieldsets, onlineFilter, onlineText, PositionField, PriceCategoriesField, slugInput, useEveryRow } from './content-fields';
import { contentTexts, subscriptionTexts } from './content-texts';
import {
  emptySubscription,
  subscriptionBody,
  subscriptionFieldOf,
  subscriptionValuesOf,
  type SubscriptionRecord,
  type SubscriptionValues,
} from './content-values';
import { recordScreens, SectionToolbar, type RecordSection } from './record-pages';
import { hubLanguage } from '../hub-language';

const t = subscriptionTexts;
const key = 'subscriptions';

function SubscriptionsListPage() {
  const { location } = useHub();
  // The season filter offers the seasons there are; until they are read, the list goes unfiltered by season.
  const { rows, error } = useEveryRow('subscription-seasons', (signal) => contentApi.subscriptions.list({ ...everything, ordering: '-season' }, signal));
  const seasons = useMemo(() => [...new Set((rows ?? []).map((row) => row.season))], [rows]);
  const filters: ListFilter[] = useMemo(
    () => [onlineFilter(), { name: 'season', label: t.season, options: [{ value: '', label: t.allSeasons }, ...seasons.map((season) => ({ value: season, label: season }))] }],
    [seasons],
  );
  const columns: Column<SubscriptionRow>[] = [
    { key: 'title', label: t.titleField, rowHeader: true, cell: (row) => <Link to={hubPaths.sectionRecord(key, row.id)}>{row.title_de}</Link> },
    { key: 'season', label: t.season, cell: (row) => row.season },
    { key: 'online', label: contentTexts.online, cell: (row) => onlineText(row.is_online) },
    { key: 'position', label: contentTexts.position, cell: (row) => row.position },
  ];
  if (!rows && !error)
    return (
      <>
        <SectionToolbar title={t.list} sectionKey={key} />
        <p role="status">{contentTexts.loading}</p>
      </>
    );
  return (
    <>
      <SectionToolbar title={t.list} sectionKey={key} />
      <ActionMessages ok={flashMessage(location.state)} error={error && t.seasonsFailed(error)} />
      <ResourceList<SubscriptionRow>
        title={t.list}
        path={(query) => hubPaths.section(key, query)}
        searchHint={t.searchHint}
        filters={filters}
        columns={columns}
        read={contentApi.subscriptions.list}
        resultCount={t.count}
        empty={t.empty}
      />
    </>
  );
}

function SubscriptionFields({ id }: { id?: number }) {
  return (
    <>
      <LanguageFieldsets
        inputs={[
          { name: 'title', label: t.titleField, isRequired: true },
          { name: 'subtitle', label: t.subtitle },
          { name: 'teaser', label: t.teaser, rows: 3 },
          slugInput(id ? (language, slug) => routePath('abonnements-slug-id', language, { slug, id }) : undefined),
        ]}
      />
      <TextField name="season" label={t.season} hint={t.seasonHint} validate={required} />
      <EventListField name="event_ids" label={t.events} hint={t.eventsHint} locale={hubLanguage()} />
      <PriceCategoriesField />
      <ImageIdField />
      <PositionField />
      <CheckboxField name="is_online" label={t.onlineField} />
    </>
  );
}

export const subscriptionSection: RecordSection<SubscriptionRecord, SubscriptionValues> = {
  key,
  api: contentApi.subscriptions,
  texts: t,
  nameOf: (record) => record.title.de,
  empty: () => emptySubscription,
  valuesOf: subscriptionValuesOf,
  bodyOf: subscriptionBody,
  fieldOf: subscriptionFieldOf,
  Fields: SubscriptionFields,
  sitePaths: (record) => ({
    de: routePath('abonnements-slug-id', 'de', { slug: record.slug.de, id: record.id }),
    en: routePath('abonnements-slug-id', 'en', { slug: record.slug.en, id: record.id }),
  }),
};

export const subscriptionScreens = recordScreens(subscriptionSection, SubscriptionsListPage);
