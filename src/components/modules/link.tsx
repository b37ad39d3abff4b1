import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';
import { ModuleLink } from './module-link';

/** A single link, as text or styled as a button (`extra_class`). */
export function LinkModule({ module }: { module: ModuleOf<'link'> }) {
  // `link_url` is the resolved address when the editor picked a page; otherwise `link` is the address.
  const href = module.link_url || module.link;
  return (
    <p className="link-module">
      <ModuleLink
        href={href}
        newWindow={module.open_new_window}
        className={module.extra_class === 'button' ? 'button' : 'link-module__link'}
      >
        {module.content}
      </ModuleLink>
    </p>
  );
}
