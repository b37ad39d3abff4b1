import React from 'react';
import type { ModuleOf } from '../../../contract/schemas/content';

/**
 * Questions with their answers in native disclosures (`<details>`/`<summary>`, ADR 070): the answers are in the
 * built HTML and open by click, Enter or Space without any script. Each question stays a heading inside its
 * summary, so the page's outline keeps them. Any number of answers may be open at once.
 */
export function FaqModule({ module }: { module: ModuleOf<'faq'> }) {
  return (
    <div className="faq">
      {module.items.map((item, index) => (
        <details className="faq__item" key={index}>
          <summary className="faq__summary">
            <h3 className="faq__question">{item.content}</h3>
          </summary>
          {/* Sanitised on the server like every rich-text field. */}
          <div className="faq__answer rich-text" dangerouslySetInnerHTML={{ __html: item.answer }} />
        </details>
      ))}
    </div>
  );
}
