import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';
import { ModuleLink } from './module-link';
import { safeHref } from '../../../contract/link-rule';

/** A single link, as text or styled as a button (`extra_class`). */
export function LinkModule({ module }: { module: ModuleOf<'link'> }) {
  // `link` is the target (its address when a page or event was picked). `link_url` is only the fallback for a picked
  // target that is offline or gone, when `link` holds no address (ADR 062).
  const href = safeHref(module.link) ?? (module.link_url || module.link);
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
