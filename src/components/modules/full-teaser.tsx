import React, { useId } from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';
import { ResponsiveImage } from '../media/responsive-image';
import { useColumnSizes } from './column-share';
import { ModuleLink } from './module-link';

/** A large teaser: image on top (`default`) or beside the text (`image-left`, `image-right`). */
export function FullTeaserModule({ module }: { module: ModuleOf<'full_teaser'> }) {
  const headlineId = useId();
  const beside = module.extra_class !== 'default';
  const imageWidth = beside ? 800 : 1240;
  // Across the full column a 3:2 image would tower over the text; wide and low reads as a banner.
  const aspectRatio = beside ? 3 / 2 : 16 / 9;
  const sizes = useColumnSizes(imageWidth, beside ? 0.5 : 1);
  const withButton = Boolean(module.link && module.link_text);

  return (
    <article className={`full-teaser full-teaser--${module.extra_class}`}>
      {module.image && (
        <div className="full-teaser__media">
          <ResponsiveImage
            media={module.image}
            width={imageWidth}
            aspectRatio={aspectRatio}
            crop={beside ? 'teaser' : 'wide'}
            layout="fullWidth"
            sizes={sizes}
          />
        </div>
      )}
      <div className="full-teaser__body">
        {module.preline && <p className="full-teaser__preline">{module.preline}</p>}
        <h2 className="full-teaser__headline" id={headlineId}>
          {module.link && !withButton ? <ModuleLink href={module.link}>{module.headline}</ModuleLink> : module.headline}
        </h2>
        {module.text && <p className="full-teaser__text">{module.text}</p>}
        {withButton && (
          <p className="full-teaser__action">
            {/* Link texts like "Mehr erfahren" repeat across a page; the headline tells them apart. */}
            <ModuleLink href={module.link} className="button" aria-describedby={headlineId}>
              {module.link_text}
            </ModuleLink>
          </p>
        )}
      </div>
    </article>
  );
}
