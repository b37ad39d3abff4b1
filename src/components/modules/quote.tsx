import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';

/** A quotation with its source; the preline is a label above it, not part of the quotation. */
export function QuoteModule({ module }: { module: ModuleOf<'quote'> }) {
  return (
    <figure className="quote">
      {module.preline && <p className="quote__preline">{module.preline}</p>}
      <blockquote className="quote__text">
        <p>{module.content}</p>
      </blockquote>
      {module.author && <figcaption className="quote__author">{module.author}</figcaption>}
    </figure>
  );
}
