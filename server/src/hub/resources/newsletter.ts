/**
 * Newsletter subscribers in the hub: who signed up, in which state, and the proof of their consent (which text
 * version, when and from which address they signed up and confirmed). Deleting erases the row for good (GDPR
 * Art. 17); to stop mails without erasing, the subscriber unsubscribes. The proof is exported as CSV in
 * ../csv-exports.ts. Subscribers are not content: nothing is logged.
 */
import { deleteSubscriber } from '../../db/repositories/newsletter';
import type { Db } from '../../db/database';
import type { SubscriberStatus } from '../../db/tables/newsletter.table';
import { locales, type Locale } from '../../../../contract/locales';
import type { ResourceDefinition } from '../resource';
import { spreadsheetTime } from '../spreadsheet';
import { SubscriberRecordSchema } from '../../../../contract/hub/records';
import { SubscriberRowSchema } from '../../../../contract/hub/rows';
import { listSubscribers, readSubscriber, type SubscriberColumn } from '../../db/repositories/hub-records';

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const satisfies readonly SubscriberStatus[];

/** The exported columns, named in the hub's language; times are Berlin wall-clock times (../spreadsheet.ts). */
const exportColumns = [
  { column: 'list', de: 'Liste', en: 'List' },
  { column: 'email', de: 'E-Mail-Adresse', en: 'E-mail address' },
  { column: 'locale', de: 'Sprache', en: 'Language' },
  { column: 'status', de: 'Status', en: 'Status' },
  { column: 'consent_text_version', de: 'Fassung des Einwilligungstexts', en: 'Consent text version' },
  { column: 'signup_ip', de: 'IP-Adresse bei Anmeldung', en: 'IP address at sign-up' },
  { column: 'signed_up_at', de: 'Angemeldet am', en: 'Signed up', time: true },
  { column: 'confirmed_at', de: 'Bestätigt am', en: 'Confirmed', time: true },
  { column: 'confirm_ip', de: 'IP-Adresse bei Bestätigung', en: 'IP address at confirmation' },
  { column: 'unsubscribed_at', de: 'Abgemeldet am', en: 'Unsubscribed', time: true },
] as const satisfies readonly { column: SubscriberColumn; de: string; en: string; time?: true }[];

const statusNames: Record<SubscriberStatus, Record<Locale, string>> = {
  pending: { de: 'unbestätigt', en: 'pending' },
  confirmed: { de: 'bestätigt', en: 'confirmed' },
  unsubscribed: { de: 'abgemeldet', en: 'unsubscribed' },
};

/** The proof of consent as table rows with a header in `locale`, oldest sign-up first; `status` narrows it. */
export async function subscriberRows(db: Db, locale: Locale, status?: SubscriberStatus): Promise<string[][]> {
  const rows = await listSubscribers(db, status);
  const cell = (row: (typeof rows)[number], spec: (typeof exportColumns)[number]): string => {
    if ('time' in spec) return spreadsheetTime(row[spec.column], locale);
    if (spec.column === 'status') return statusNames[row.status as SubscriberStatus]?.[locale] ?? String(row.status);
    return String(row[spec.column] ?? '');
  };
  return [exportColumns.map((spec) => spec[locale]), ...rows.map((row) => exportColumns.map((spec) => cell(row, spec)))];
}

export const newsletter: ResourceDefinition = {
  key: 'newsletter',
  row: SubscriberRowSchema,
  record: SubscriberRecordSchema,
  role: 'editor',
  label: 'Subscriber',
  list: {
    table: 'newsletter_subscriber',
    columns: {
      email: 'email',
      status: 'status',
      locale: 'locale',
      signed_up_at: 'signed_up_at',
      confirmed_at: 'confirmed_at',
      unsubscribed_at: 'unsubscribed_at',
    },
    search: ['email'],
    filters: {
      status: { column: 'status', type: 'string', values: subscriberStatuses },
      locale: { column: 'locale', type: 'string', values: locales },
    },
    ordering: ['signed_up_at', 'confirmed_at', 'email'],
    defaultOrdering: '-signed_up_at',
  },
  read: ({ db }, id) => readSubscriber(db, id),
  remove: async ({ db }, id) => {
    await deleteSubscriber(db, id);
  },
};
