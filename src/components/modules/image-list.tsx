import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { ModuleOf } from '../../../contract/schemas/content';
import { MediaFigure } from '../media/media-figure';
import { ResponsiveImage } from '../media/responsive-image';
import { Carousel } from './carousel';
import { useColumnSizes } from './column-share';
import { ModuleLink } from './module-link';

type ImageItem = ModuleOf<'image_list'>['children'][number];

function ImageListItem({ item, sizes }: { item: ImageItem; sizes: string }) {
  const image = (
    <ResponsiveImage
      media={item.image}
      width={640}
      aspectRatio={4 / 3}
      crop="landscape"
      layout="fullWidth"
      sizes={sizes}
      alt={item.link ? item.image.alt || item.title || item.description : undefined}
    />
  );
  const caption =
    item.title || item.description ? (
      <>
        {item.title && <span className="image-list__title">{item.title}</span>}
        {item.description && <span className="image-list__description">{item.description}</span>}
      </>
    ) : undefined;
  return (
    <MediaFigure className="image-list__figure" caption={caption} copyright={item.image.copyright}>
      {item.link ? (
        <ModuleLink href={item.link} className="image-list__link">
          {image}
        </ModuleLink>
      ) : (
        image
      )}
    </MediaFigure>
  );
}

/** Images with title and description, in a grid or a carousel. */
export function ImageListModule({ module }: { module: ModuleOf<'image_list'> }) {
  const { t } = useTranslation('modules');
  const sizes = useColumnSizes(640, 1 / 3);
  const items = module.children.map((item, index) => ({
    key: `${index}-${item.image.id}`,
    content: <ImageListItem item={item} sizes={sizes} />,
  }));

  if (module.extra_class === 'slider') {
    return <Carousel className="image-list image-list--slider" label={t('imageCarousel')} items={items} />;
  }
  return (
    <ul className="image-list image-list--grid">
      {items.map((item) => (
        <li key={item.key} className="image-list__item">
          {item.content}
        </li>
      ))}
    </ul>
  );
}
