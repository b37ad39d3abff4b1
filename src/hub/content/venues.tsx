/** `/cms-hub/venues`: where concerts take place; events choose from them, and a venue events use cannot be deleted. */
import { Link } from 'gatsby';
import React from 'react';
import { TextField } from '../fields';
import { flashMessage, useHub } from '../hub-context';
import { ActionMessages, ResourceList, type Column } from '../resource-list';
import { hubPaths } from '../routes';
import type { VenueRow } from '../api';
import { contentApi } from './content-api';
import { LanguageFieldsets } from './content-fields';
import { venueTexts } from './content-texts';
import { emptyVenue, venueBody, venueFieldOf, venueValuesOf, type VenueRecord, type VenueValues } from './content-values';
import { recordScreens, SectionToolbar, type RecordSection } from './record-pages';

const t = venueTexts;
const key = 'venues';

function VenuesListPage() {
  const { location } = useHub();
  const columns: Column<VenueRow>[] = [
    { key: 'name', label: t.name, rowHeader: true, cell: (row) => <Link to={hubPaths.sectionRecord(key, row.id)}>{row.name_de}</Link> },
    { key: 'address', label: t.address, cell: (row) => row.address },
    { key: 'city', label: t.city, cell: (row) => row.city },
  ];
  return (
    <>
      <SectionToolbar title={t.list} sectionKey={key} />
      <ActionMessages ok={flashMessage(location.state)} />
      <ResourceList<VenueRow>
        title={t.list}
        path={(query) => hubPaths.section(key, query)}
        searchHint={t.searchHint}
        filters={[]}
        columns={columns}
        read={contentApi.venues.list}
        resultCount={t.count}
        empty={t.empty}
      />
    </>
  );
}

function VenueFields() {
  return (
    <>
      <LanguageFieldsets inputs={[{ name: 'name', label: t.name, isRequired: true }]} />
      <TextField name="address" label={t.address} autoComplete="off" />
      <TextField name="city" label={t.city} autoComplete="off" />
    </>
  );
}

export const venueSection: RecordSection<VenueRecord, VenueValues> = {
  key,
  api: contentApi.venues,
  texts: t,
  nameOf: (record) => record.name.de,
  empty: () => emptyVenue,
  valuesOf: venueValuesOf,
  bodyOf: venueBody,
  fieldOf: venueFieldOf,
  Fields: VenueFields,
};

export const venueScreens = recordScreens(venueSection, VenuesListPage);
