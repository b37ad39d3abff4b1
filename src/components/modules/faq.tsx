import React, { useId, useState } from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';

/** Past this many panels, region landmarks would clutter the landmark list (WAI-ARIA APG accordion). */
const maxRegions = 6;

/**
 * Questions as an accordion (WAI-ARIA APG): each question is a button inside a heading that shows or hides
 * its answer. Any number of answers may be open at once.
 */
export function FaqModule({ module }: { module: ModuleOf<'faq'> }) {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  const asRegions = module.items.length <= maxRegions;

  return (
    <div className="faq">
      {module.items.map((item, index) => {
        const buttonId = `${id}-q${index}`;
        const panelId = `${id}-a${index}`;
        const expanded = open.has(index);
        return (
          <div className="faq__item" key={index}>
            <h3 className="faq__question">
              <button
                type="button"
                id={buttonId}
                className="faq__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                {item.content}
              </button>
            </h3>
            <div
              id={panelId}
              className="faq__answer rich-text"
              role={asRegions ? 'region' : undefined}
              aria-labelledby={buttonId}
              hidden={!expanded}
              // Sanitised on the server like every rich-text field.
              dangerouslySetInnerHTML={{ __html: item.answer }}
            />
          </div>
        );
      })}
    </div>
  );
}
