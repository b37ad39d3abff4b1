import React, { type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  caption?: ReactNode;
  /** Credit line, e.g. `media.copyright`. */
  copyright?: string;
  className?: string;
}

/** An image (possibly inside a link) with its caption and credit, associated through `<figure>`. */
export function MediaFigure({ children, caption, copyright, className }: Props) {
  const hasCaption = Boolean(caption) || Boolean(copyright);
  return (
    <figure className={['media-figure', className].filter(Boolean).join(' ')}>
      {children}
      {hasCaption && (
        <figcaption className="media-figure__caption">
          {caption}
          {copyright && <small className="media-figure__credit">{copyright}</small>}
        </figcaption>
      )}
    </figure>
  );
}
