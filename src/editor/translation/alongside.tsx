/**
 * The other language's sections beside the edited ones (ADR 083), read only, drawn by the site's own section
 * renderer; on narrow windows above them. A labelled region that comes first in the reading order, so keyboard and
 * screen-reader users meet it before the sections they edit; its texts are marked with their language.
 */
import React, { useId, type ReactNode } from 'react';
import { StaticContainer } from '../../components/modules/container-renderer';
import { useEditor } from '../editor-context';
import { otherLocaleOf, translationStoreOf, useTranslationView } from './translation-store';
import { useTranslationStyles } from './translation-styles';

export function Alongside({ children }: { children: ReactNode }) {
  const editor = useEditor();
  const { texts } = editor;
  const store = translationStoreOf(editor);
  const { alongside, other } = useTranslationView(store);
  const heading = useId();
  useTranslationStyles();
  if (!alongside || !other) return <>{children}</>;
  const language = otherLocaleOf(editor.options.locale);
  let body: ReactNode;
  if (other.status === 'loading') body = <p role="status">{texts.otherLoading}</p>;
  else if (other.status === 'failed') body = <p role="alert">{texts.otherFailed(other.message)}</p>;
  else if (other.status === 'missing') body = <p>{texts.otherMissing}</p>;
  else if (!other.sections.length) body = <p>{texts.otherEmpty}</p>;
  else
    body = (
      <div lang={language}>
        {other.sections.map((container) => (
          <StaticContainer key={container.id} container={container} />
        ))}
      </div>
    );
  return (
    <div className="kfe-alongside">
      <section className="kfe-alongside__other" aria-labelledby={heading} data-testid="other-language" lang={editor.language}>
        <h2 className="kfe-alongside__heading" id={heading}>
          {texts.otherRegion(language)}
        </h2>
        {body}
      </section>
      <div className="kfe-alongside__edited">{children}</div>
    </div>
  );
}
