/** Venues in the hub. A change rewrites the events held there; a venue events still use cannot be deleted (409). */
import { createVenue, deleteVenue, readVenueInput, updateVenue } from '../../db/repositories/venues';
import { VenueInputSchema, VenuePatchSchema } from '../../../../contract/schemas/programme-input';
import type { ResourceDefinition } from '../resource';
import { VenueRecordSchema } from '../../../../contract/hub/records';
import { VenueRowSchema } from '../../../../contract/hub/rows';

export const venues: ResourceDefinition = {
  key: 'venues',
  row: VenueRowSchema,
  record: VenueRecordSchema,
  role: 'editor',
  label: 'Venue',
  list: {
    table: 'venue',
    columns: { name_de: 'name_de', name_en: 'name_en', address: 'address', city: 'city', updated_at: 'updated_at' },
    search: ['name_de', 'name_en', 'address', 'city'],
    ordering: ['name_de', 'city', 'updated_at'],
    defaultOrdering: 'name_de',
  },
  read: ({ db }, id) => readVenueInput(db, id),
  create: { body: VenueInputSchema, run: ({ db }, body) => createVenue(db, body) },
  update: { body: VenuePatchSchema, run: ({ db }, id, body) => updateVenue(db, id, body) },
  remove: ({ db }, id) => deleteVenue(db, id),
};
