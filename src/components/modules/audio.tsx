import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';
import { EmbedPlaceholder } from '../media/embed-placeholder';

/** An audio player (Spotify, SoundCloud, Apple Podcasts, Podigee) behind the consent placeholder. */
export function AudioModule({ module }: { module: ModuleOf<'audio'> }) {
  return <EmbedPlaceholder kind="audio" embed={module.embed} title={module.title} />;
}
