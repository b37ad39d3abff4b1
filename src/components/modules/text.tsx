import React, { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { ModuleOf } from '../../../contract/schemas/content';
import { splitRichText } from './split-rich-text';

/**
 * Rich text as stored: the server sanitises it on every write, so it is rendered as HTML. With `show_more`, the
 * first blocks stay visible and a disclosure button sits right before the rest, so the revealed text follows
 * the button in reading order and focus never has to move.
 */
export function TextModule({ module }: { module: ModuleOf<'text'> }) {
  const { t } = useTranslation('modules');
  const restId = useId();
  const [open, setOpen] = useState(false);
  const className = module.add_additional_space ? 'text-module text-module--spaced' : 'text-module';
  const { preview, rest } = module.show_more ? splitRichText(module.content) : { preview: module.content, rest: '' };

  if (!rest) {
    return (
      <div className={className}>
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: module.content }} />
      </div>
    );
  }
  return (
    <div className={className}>
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: preview }} />
      <button
        type="button"
        className="text-module__toggle"
        aria-expanded={open}
        aria-controls={restId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('showLess') : t('showMore')}
      </button>
      <div className="rich-text" id={restId} hidden={!open} dangerouslySetInnerHTML={{ __html: rest }} />
    </div>
  );
}
