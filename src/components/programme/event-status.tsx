import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { Event } from '../../../contract/schemas/programme';

const labelKey = {
  sold_out: 'statusSoldOut',
  cancelled: 'statusCancelled',
  postponed: 'statusPostponed',
} as const;

/** The status of an event in plain words; nothing for a scheduled one. */
export function EventStatus({ status }: { status: Event['status'] }) {
  const { t } = useTranslation('programme');
  if (status === 'scheduled') return null;
  return <span className={`event-status event-status--${status.replace('_', '-')}`}>{t(labelKey[status])}</span>;
}
