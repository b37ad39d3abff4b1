import React from 'react';
import { PageHeading } from './page-heading';
import { texts } from './texts';

/** An address below /cms-hub that is no screen. */
export function NotFoundPage() {
  return (
    <>
      <PageHeading title={texts.notFoundTitle} />
      <p>{texts.notFound}</p>
    </>
  );
}

/** A section the account's role does not open (Users, Settings, Redirects for an editor). */
export function NoPermissionPage() {
  return (
    <>
      <PageHeading title={texts.noPermissionTitle} />
      <p>{texts.noPermission}</p>
    </>
  );
}
