import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';
import { EmbedPlaceholder } from '../media/embed-placeholder';

/** A document viewer (Issuu, Calaméo, Yumpu) behind the consent placeholder. */
export function ViewerModule({ module }: { module: ModuleOf<'viewer'> }) {
  return <EmbedPlaceholder kind="viewer" embed={module.embed} title={module.title} />;
}
