import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';
import { MediaFigure } from '../media/media-figure';
import { ResponsiveImage } from '../media/responsive-image';
import { ModuleLink } from './module-link';

type LogoItem = ModuleOf<'logo_list'>['children'][number];

/** Logos are shown whole (letterboxed, never cropped) in boxes of one shape, so rows line up. */
const logoBox = { width: 240, aspectRatio: 3 / 2 };

function Logo({ item }: { item: LogoItem }) {
  // A logo's alt names the organisation; a linked logo must have a name even without one.
  const alt = item.image_alt || item.image.alt || (item.link ? item.text : '');
  const image = (
    <ResponsiveImage media={item.image} alt={alt} objectFit="contain" sizes={`${logoBox.width}px`} {...logoBox} />
  );
  return (
    <MediaFigure className="logo-list__figure" caption={item.text || undefined} copyright={item.image_copyright}>
      {item.link ? (
        <ModuleLink href={item.link} className="logo-list__link">
          {image}
        </ModuleLink>
      ) : (
        image
      )}
    </MediaFigure>
  );
}

/** Partners and sponsors: logos with optional link and text. */
export function LogoListModule({ module }: { module: ModuleOf<'logo_list'> }) {
  return (
    <ul className="logo-list">
      {module.children.map((item, index) => (
        <li key={`${index}-${item.image.id}`} className="logo-list__item">
          <Logo item={item} />
        </li>
      ))}
    </ul>
  );
}
