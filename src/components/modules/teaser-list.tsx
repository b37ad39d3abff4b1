import React from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { ModuleOf } from '../../../contract/schemas/content';
import { staggerProps } from '../../lib/motion/stagger';
import { Carousel } from './carousel';
import { useColumnSizes } from './column-share';
import { TeaserCard } from './teaser-card';

/** Teasers stacked (`standard`), in a grid (`grid`) or in a carousel (`default_slider`). */
export function TeaserListModule({ module }: { module: ModuleOf<'teaser_list'> }) {
  const { t } = useTranslation('modules');
  // Grid and carousel show several teasers per row; stacked teasers put the image beside the text.
  const imageSizes = useColumnSizes(640, module.extra_class === 'standard' ? 0.4 : 1 / 3);
  const cards = module.children.map((item, index) => ({
    key: `${index}-${item.headline}`,
    content: <TeaserCard item={item} imageSizes={imageSizes} />,
  }));

  if (module.extra_class === 'default_slider') {
    return <Carousel className="teaser-list teaser-list--slider" label={t('teaserCarousel')} items={cards} />;
  }
  return (
    <ul className={`teaser-list teaser-list--${module.extra_class}`}>
      {cards.map((card, index) => {
        const stagger = staggerProps(index);
        return (
          <li key={card.key} className={`teaser-list__item ${stagger.className}`} style={stagger.style}>
            {card.content}
          </li>
        );
      })}
    </ul>
  );
}
