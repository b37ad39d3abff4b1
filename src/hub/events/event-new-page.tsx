/** `/cms-hub/events/new`: create an event (POST create), then go to its change page, which follows its publishing. */
import { Link, navigate } from 'gatsby';
import React from 'react';
import { hubApi } from '../api';
import { useHub } from '../hub-context';
import { PageHeading } from '../page-heading';
import { hubPaths } from '../routes';
import { texts } from '../texts';
import { EventForm, submissionErrors } from './event-form';
import { bodyOf, emptyEvent, type EventFormValues } from './event-values';

export function EventNewPage() {
  const { sessionEnded } = useHub();
  const create = async (values: EventFormValues) => {
    const result = await hubApi.events.create(bodyOf(values));
    if (result.ok) {
      void navigate(hubPaths.event(result.data.id), { state: { message: texts.created, published: true } });
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    return submissionErrors(result);
  };
  return (
    <>
      <Link className="kfh-back" to={hubPaths.events()}>
        {texts.backToEvents}
      </Link>
      <PageHeading title={texts.newEvent} />
      <EventForm initialValues={emptyEvent} onSubmit={create} submitLabel={texts.create} />
    </>
  );
}
