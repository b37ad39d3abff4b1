import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';
import { EmbedPlaceholder } from '../media/embed-placeholder';
import { useColumnSizes } from './column-share';

/** Several videos, each behind its own consent placeholder. */
export function VideoListModule({ module }: { module: ModuleOf<'video_list'> }) {
  const previewSizes = useColumnSizes(960, 1 / 2);
  return (
    <ul className="video-list">
      {module.children.map((item, index) => (
        <li key={`${index}-${item.video_url}`} className="video-list__item">
          <EmbedPlaceholder
            kind="videoList"
            embed={item.video_url}
            title={item.title}
            details={item.content || undefined}
            preview={item.image}
            previewSizes={previewSizes}
          />
        </li>
      ))}
    </ul>
  );
}
