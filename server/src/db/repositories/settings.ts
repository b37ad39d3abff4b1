import type { Settings } from '../../../../contract/schemas/content';
import type { Locale } from '../../../../contract/locales';
import { assertValid } from '../rules/assert-valid';
import { SettingsInputSchema, type SettingsInput } from '../../../../contract/schemas/content-input';
import { ContentValidationError } from '../errors';
import { emailDescription, isEmailAddress } from '../../../../contract/email-rule';
import type { Db } from '../database';
import { logChanges } from './change-log';
import { inTransaction, nowIso } from './shared';

/** Sets a locale's contact details for the footer and the paths of its legal pages. */
export async function upsertSettings(db: Db, locale: Locale, input: SettingsInput): Promise<void> {
  assertValid(SettingsInputSchema, input);
  // The site's one e-mail rule (ADR 027, ADR 044); the schema leaves it to this check.
  const email = input.info_email.trim();
  if (email && !isEmailAddress(email)) throw new ContentValidationError('body.info_email', `body.info_email must be ${emailDescription}`).because('invalid_email');
  await inTransaction(db, async (trx) => {
    const values = {
      address: input.address.trim(),
      phone: input.phone.trim(),
      phone_hours: input.phone_hours.trim(),
      info_email: email,
      imprint_url: input.imprint_url?.trim() ?? '',
      privacy_url: input.privacy_url?.trim() ?? '',
      updated_at: nowIso(),
    };
    const existing = await trx.selectFrom('site_settings').select('locale').where('locale', '=', locale).executeTakeFirst();
    if (existing) await trx.updateTable('site_settings').set(values).where('locale', '=', locale).execute();
    else await trx.insertInto('site_settings').values({ locale, ...values }).execute();
    await logChanges(trx, [{ entity: 'settings', id: locale }]);
  });
}

export async function readSettings(db: Db, locale: Locale): Promise<Settings | undefined> {
  const row = await db.selectFrom('site_settings').selectAll().where('locale', '=', locale).executeTakeFirst();
  return (
    row && {
      address: row.address,
      phone: row.phone,
      phone_hours: row.phone_hours,
      info_email: row.info_email,
      imprint_url: row.imprint_url,
      privacy_url: row.privacy_url,
    }
  );
}
