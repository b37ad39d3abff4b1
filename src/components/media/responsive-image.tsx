import React, { type CSSProperties, type ReactNode } from 'react';
import type { Media } from '../../../contract/schemas/content';
import { toImageData, type ImageOptions, type ResponsiveImageData } from '../../lib/image';
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

interface PictureProps {
  image: ResponsiveImageData;
  /** The media's focal point, `500-500` in thousandths (ADR 087). */
  focal: string;
  alt: string;
  loading: 'lazy' | 'eager';
  objectFit: 'cover' | 'contain';
  className?: string;
}

const filling: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%' };
/**
 * An image loaded at once is above the fold and usually the page's largest paint: asked for before the scripts.
 * Lower case, as React 18 passes unknown attributes through as written and knows no `fetchPriority` yet.
 */
const urgent = { fetchpriority: 'high' };

/**
 * The image data of ../../lib/image.ts as plain markup: a box of the image's aspect ratio in its colour, and a
 * `<picture>` with AVIF/WebP/JPEG sources that the browser loads lazily by itself. gatsby-plugin-image's own
 * component hydrates lazily through `react-dom/server` (21 kB of script on every page, ADR 041) and hides the image
 * until a script has seen it load; this needs no script at all, and the image paints as soon as it arrives.
 */
function Picture({ image, focal, alt, loading, objectFit, className }: PictureProps) {
  const { width, height, layout, backgroundColor, images } = image;
  const fallback = images.fallback;
  const frame: CSSProperties = {
    aspectRatio: `${width} / ${height}`,
    backgroundColor,
    ...(layout === 'constrained' ? { maxWidth: width } : {}),
  };
  return (
    <div className={['responsive-image', `responsive-image--${layout}`, className].filter(Boolean).join(' ')} style={frame}>
      <picture>
        {images.sources?.map((source) => <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />)}
        <img
          src={fallback?.src}
          srcSet={fallback?.srcSet}
          sizes={fallback?.sizes}
          width={width}
          height={height}
          alt={alt}
          loading={loading}
          decoding="async"
          {...(loading === 'eager' ? urgent : {})}
          // A box the server did not crop for is filled by CSS, placed so that the focal point stays in it (ADR 087).
          style={{ ...filling, objectFit, objectPosition: focal.replace(/(\d+)-(\d+)/, (_, x, y) => `${x / 10}% ${y / 10}%`) }}
        />
      </picture>
    </div>
  );
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
    <Picture
      image={toImageData(media, options)}
      focal={media.focal}
      alt={decorative ? '' : (alt ?? media.alt)}
      loading={loading}
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
