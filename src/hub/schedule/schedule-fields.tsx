/** The schedule's two Berlin date-and-time fields on the change forms of pages, events and articles (ADR 035). */
import React from 'react';
import { BerlinDateTimeField } from '../berlin-datetime-field';
import { scheduleTexts } from './schedule-texts';

export function ScheduleFields() {
  return (
    <fieldset>
      <legend>{scheduleTexts.legend}</legend>
      <BerlinDateTimeField name="online_from" label={scheduleTexts.onlineFrom} hint={scheduleTexts.onlineFromHint} seconds />
      <BerlinDateTimeField name="online_until" label={scheduleTexts.onlineUntil} hint={scheduleTexts.onlineUntilHint} seconds />
    </fieldset>
  );
}
