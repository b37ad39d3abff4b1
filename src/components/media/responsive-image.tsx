import { GatsbyImage } from 'gatsby-plugin-image';
import React, { type ReactNode } from 'react';
import type { Media } from '../../../server/src/schemas/content';
import { toImageData, type ImageOptions } from '../../lib/image';
import { MediaFigure } from './media-figure';

export interface ResponsiveImageProps extends ImageOptions {
  media: Media;
  /** Overrides the media's own alt text (a logo's `image_alt`, say). */
  alt?: string;
  /** Marks the image as decoration (empty alt): only when text next to it already says what it shows. */
  decorative?: boolean;
  /** Shown below the image; turns the image into a `<figure>`. */
  caption?: ReactNode;
  /** Credit line shown with the caption (usually `media.copyright`); also turns the image into a `<figure>`. */
  copyright?: string;
  /** How the image fills a box of another aspect ratio: cropped (`cover`, default) or letterboxed (`contain`). */
  objectFit?: 'cover' | 'contain';
  loading?: 'lazy' | 'eager';
  className?: string;
}

/** An image from the content server as responsive AVIF/WebP/JPEG with a colour placeholder and lazy loading. */
export function ResponsiveImage({
  media,
  alt,
  decorative = false,
  caption,
  copyright,
  objectFit = 'cover',
  loading = 'lazy',
  className,
  ...options
}: ResponsiveImageProps) {
  const withFigure = Boolean(caption) || Boolean(copyright);
  const image = (
    <GatsbyImage
      image={toImageData(media, options)}
      alt={decorative ? '' : (alt ?? media.alt)}
      loading={loading}
      // The server does not crop: a box of another aspect ratio is filled by CSS instead.
      objectFit={objectFit}
      className={withFigure ? undefined : className}
    />
  );
  if (!withFigure) return image;
  return (
    <MediaFigure caption={caption} copyright={copyright} className={className}>
      {image}
    </MediaFigure>
  );
}
