import React from 'react';
import type { Hero as HeroData } from '../../../contract/schemas/content';
import { ResponsiveImage } from '../media/responsive-image';
import { ModuleLink } from '../modules/module-link';
import { Signet } from './signet';

/** The home page's opening: full-width image, the association's signet and the headline as the page's h1. */
export function Hero({ hero, fallbackHeadline }: { hero: HeroData | null; fallbackHeadline: string }) {
  const headline = hero?.headline || fallbackHeadline;
  return (
    <section className="hero" aria-labelledby="hero-headline">
      {hero?.image && (
        <div className="hero__media">
          <ResponsiveImage media={hero.image} width={1920} layout="fullWidth" loading="eager" decorative />
        </div>
      )}
      <div className="hero__content">
        <Signet className="hero__signet" />
        <h1 id="hero-headline" className="hero__headline">
          {headline}
        </h1>
        {hero?.text && <p className="hero__text">{hero.text}</p>}
        {hero?.link && hero.link_text && (
          <ModuleLink href={hero.link} className="button button--light hero__link">
            {hero.link_text}
          </ModuleLink>
        )}
      </div>
    </section>
  );
}
