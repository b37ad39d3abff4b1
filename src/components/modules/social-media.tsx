import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';
import { EmbedPlaceholder } from '../media/embed-placeholder';

/** A post from a social network behind the consent placeholder; the provider names it, as it has no title. */
export function SocialMediaModule({ module }: { module: ModuleOf<'social_media'> }) {
  return <EmbedPlaceholder kind="social" embed={module.embed} />;
}
