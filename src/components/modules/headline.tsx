import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';

type Level = 2 | 3 | 4 | 5 | 6;

/**
 * The page title is the only h1, so module headlines range 2–6 (docs/product.md, Module rules); out-of-range data is
 * clamped.
 */
const levelOf = (value: number): Level => Math.min(6, Math.max(2, Math.round(value) || 2)) as Level;

/** A heading with optional kicker line above and subtitle below; only the headline itself is a heading. */
export function HeadlineModule({ module }: { module: ModuleOf<'headline'> }) {
  const Heading = `h${levelOf(module.headline_level)}` as const;
  return (
    <hgroup className="headline-module">
      {module.preline && <p className="headline-module__preline">{module.preline}</p>}
      <Heading className="headline-module__headline">{module.content}</Heading>
      {module.subline && <p className="headline-module__subline">{module.subline}</p>}
    </hgroup>
  );
}
