import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';
import { MediaFigure } from '../media/media-figure';
import { ResponsiveImage } from '../media/responsive-image';
import { useColumnSizes } from './column-share';
import { ModuleLink } from './module-link';

/** The two image formats editors choose from (docs/product.md, Constants), as width and height in CSS pixels. */
const aliases = {
  vertical: { width: 400, height: 500 },
  horizontal: { width: 1240, height: 700 },
} as const;

/** One image in a fixed format, with caption, credit and an optional link. */
export function ImageModule({ module }: { module: ModuleOf<'image'> }) {
  const alias = aliases[module.alias] ? module.alias : 'horizontal';
  const { width, height } = aliases[alias];
  const sizes = useColumnSizes(width);
  const image = (
    <ResponsiveImage
      media={module.image}
      width={width}
      aspectRatio={width / height}
      crop={alias}
      sizes={sizes}
      // A linked image is the link's only content, so it must have a name even when the alt text is missing.
      alt={module.link ? module.image.alt || module.description : undefined}
    />
  );
  return (
    <MediaFigure
      className={`image-module image-module--${module.alias}`}
      caption={module.description}
      copyright={module.image.copyright}
    >
      {module.link ? (
        <ModuleLink href={module.link} className="image-module__link">
          {image}
        </ModuleLink>
      ) : (
        image
      )}
    </MediaFigure>
  );
}
