import React from 'react';
import { PageHeading } from './page-heading';
import { texts } from './texts';

/** A section of `admin_menus` whose screens are not built yet: said plainly, not faked. */
export function SectionPage({ title }: { title: string }) {
  return (
    <>
      <PageHeading title={title} />
      <p>{texts.notAvailableYet}</p>
    </>
  );
}

export function NotFoundPage() {
  return (
    <>
      <PageHeading title={texts.notFoundTitle} />
      <p>{texts.notFound}</p>
    </>
  );
}
