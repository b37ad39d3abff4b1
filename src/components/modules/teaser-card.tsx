import React, { useId } from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';
import { ResponsiveImage } from '../media/responsive-image';
import { ModuleLink } from './module-link';

export type TeaserItem = ModuleOf<'teaser_list'>['children'][number];

/** One teaser of a teaser list; its headline is an h3 below the section's h2. */
export function TeaserCard({ item, imageSizes }: { item: TeaserItem; imageSizes: string }) {
  const headlineId = useId();
  const withLinkText = Boolean(item.link && item.link_text);
  return (
    <article className="teaser">
      {item.image && (
        <div className="teaser__media">
          <ResponsiveImage media={item.image} width={640} aspectRatio={3 / 2} crop="teaser" layout="fullWidth" sizes={imageSizes} />
        </div>
      )}
      <div className="teaser__body">
        {item.preline && <p className="teaser__preline">{item.preline}</p>}
        <h3 className="teaser__headline" id={headlineId}>
          {item.link && !withLinkText ? <ModuleLink href={item.link}>{item.headline}</ModuleLink> : item.headline}
        </h3>
        {item.subline && <p className="teaser__subline">{item.subline}</p>}
        {item.text && <p className="teaser__text">{item.text}</p>}
        {withLinkText && (
          <p className="teaser__action">
            {/* "Weiter" on every card: the headline, as description, says where each one goes. */}
            <ModuleLink href={item.link} className="teaser__link" aria-describedby={headlineId}>
              {item.link_text}
            </ModuleLink>
          </p>
        )}
      </div>
    </article>
  );
}
