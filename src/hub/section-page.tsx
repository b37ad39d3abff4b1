import React from 'react';
import { PageHeading } from './page-heading';
import { texts } from './texts';

/** An address below /cms-hub that is no screen, or a section the account may not open. */
export function NotFoundPage() {
  return (
    <>
      <PageHeading title={texts.notFoundTitle} />
      <p>{texts.notFound}</p>
    </>
  );
}
