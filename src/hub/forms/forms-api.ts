/**
 * The form builder's calls (ADR 018): the `forms` resource of the hub's factory (server/src/hub/resources/forms.ts),
 * typed from the server's own input schema, so the builder sends exactly what the repository takes, and reads the
 * record through the schema the server answers with (contract/hub/records.ts).
 */
import type { FormRecord } from '../../../contract/hub/records';
import type { FormRow } from '../../../contract/hub/rows';
import type { FormInput } from '../../../contract/schemas/forms';
import { getJson, postJson, sendJson } from '../../staff/staff-api';
import { hubLocale, queryString, type Paged } from '../api';

export type { FormInput };
export type FormFieldInput = FormInput['fields'][number];

/** A form as its change page edits it: the repository's input shape as read back, every field present. */
export type { FormRecord };

export type { FormRow };

/** The section's key: in `admin_menus`, the hub's addresses (`/cms-hub/forms`) and the resource's calls. */
export const FORMS = 'forms';

const base = `/${hubLocale}/pageeditor-api/hub/${FORMS}/`;

export const formsApi = {
  list: (params: Record<string, string | number | undefined>, signal?: AbortSignal) => getJson<Paged<FormRow>>(`${base}${queryString(params)}`, { signal }),
  read: (id: number, signal?: AbortSignal) => getJson<FormRecord>(`${base}${id}/`, { signal }),
  create: (body: FormInput) => postJson<FormRecord>(base, body),
  update: (id: number, body: FormInput) => postJson<FormRecord>(`${base}${id}/`, body),
  /** Refused with 409 while the form has entries, unless `cascade` deletes them with it. */
  remove: (id: number, cascade = false) => sendJson<null>('DELETE', `${base}${id}/${cascade ? '?cascade=true' : ''}`),
};
