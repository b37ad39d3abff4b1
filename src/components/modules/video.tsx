import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { ModuleOf } from '../../../contract/schemas/content';
import { EmbedPlaceholder } from '../media/embed-placeholder';
import { useColumnSizes } from './column-share';

/** A YouTube or Vimeo video behind the consent placeholder, previewed by our own still. */
export function VideoModule({ module }: { module: ModuleOf<'video'> }) {
  const { t } = useTranslation('modules');
  const previewSizes = useColumnSizes(960);
  return (
    <EmbedPlaceholder
      kind="video"
      embed={module.video_url}
      title={module.title}
      details={module.length ? t('videoLength', { length: module.length }) : undefined}
      preview={module.image}
      previewSizes={previewSizes}
    />
  );
}
