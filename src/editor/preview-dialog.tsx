/**
 * The toolbar's preview (ADR 037): the page as a visitor sees it with everything saved so far, in a frame
 * at a phone's, a tablet's or a desktop's width. The frame is the real page (`?preview`, preview-mode.tsx) at that
 * width, so its own media queries decide the layout; it is shown once the framed page has read the saved state.
 * Escape closes it wherever the focus is (the framed page passes the key on), and the focus goes back to the
 * toolbar button (the dialog's focus trap).
 */
import React, { useEffect, useId, useRef, useState } from 'react';
import type { Locale } from '../../contract/locales';
import { useEditor } from './editor-context';
import { Modal } from '../staff/modal';
import type { PreviewMessage } from './preview-mode';
import { useStyleElement } from '../staff/style-element';

export const previewWidths = [
  { id: 'phone', px: 390 },
  { id: 'tablet', px: 768 },
  { id: 'desktop', px: 1280 },
] as const;

type WidthId = (typeof previewWidths)[number]['id'];

/** The dialog's words; the editor follows the page's language. */
export const previewTexts: Record<
  Locale,
  { title: string; intro: string; width: string; widths: Record<WidthId, string>; frameTitle: (px: number) => string; loading: string; failed: string; close: string }
> = {
  de: {
    title: 'Vorschau',
    intro: 'So sehen Besucher diese Seite mit allem, was bisher gespeichert ist – auch mit dem, was noch nicht veröffentlicht ist.',
    width: 'Breite',
    widths: { phone: 'Telefon', tablet: 'Tablet', desktop: 'Desktop' },
    frameTitle: (px) => `Vorschau der Seite, ${px} Pixel breit`,
    loading: 'Die Vorschau wird geladen …',
    failed: 'Die gespeicherten Inhalte ließen sich nicht laden. Zu sehen ist die veröffentlichte Seite.',
    close: 'Schließen',
  },
  en: {
    title: 'Preview',
    intro: 'This is how visitors see this page with everything saved so far, including what is not published yet.',
    width: 'Width',
    widths: { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' },
    frameTitle: (px) => `Preview of the page, ${px} pixels wide`,
    loading: 'Loading the preview …',
    failed: 'The saved content could not be loaded. What you see is the published page.',
    close: 'Close',
  },
};

/** How long the frame may take to read the saved state before the dialog shows what it has and says so. */
const readyTimeoutMs = 15_000;

const css = `
.kfe-modal--full { max-width: none; }
.kfe-modal--full .kfe-actions { margin-top: var(--space-3); }
.kfe-preview-dialog__controls { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); align-items: center; margin-bottom: var(--space-3); }
.kfe-preview-dialog__controls p { margin: 0; flex: 1 1 20rem; }
.kfe-preview-widths { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; border: 0; margin: 0; padding: 0; }
.kfe-preview-widths legend { float: left; margin-right: var(--space-2); font-weight: 600; padding: 0; }
.kfe-preview-widths label { display: inline-flex; gap: 0.35rem; align-items: center; padding: 0.25rem 0.6rem; border: 2px solid var(--color-field-border);
  border-radius: var(--radius); cursor: pointer; }
.kfe-preview-widths label:has(input:checked) { border-color: var(--color-accent); background: var(--color-surface); font-weight: 600; }
.kfe-preview-widths input:focus-visible { outline: 3px solid var(--color-accent); outline-offset: 2px; }
.kfe-preview-stage { display: flex; justify-content: safe center; overflow: auto; height: max(20rem, calc(100vh - 20rem));
  background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-2); }
.kfe-preview-frame { flex: none; box-sizing: content-box; height: 100%; border: 0; background: #fff; box-shadow: 0 2px 12px rgba(0,0,0,0.2); }
.kfe-preview-frame[data-ready='false'] { visibility: hidden; }
`;

export function PreviewDialog({ onClose }: { onClose: () => void }) {
  useStyleElement('kf-editor-preview-styles', css);
  const store = useEditor();
  const { path } = store.options;
  const texts = previewTexts[store.language];
  const [width, setWidth] = useState<WidthId>('phone');
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const frame = useRef<HTMLIFrameElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const intro = useId();
  const px = previewWidths.find((option) => option.id === width)!.px;

  useEffect(() => {
    const onMessage = (event: MessageEvent<PreviewMessage>) => {
      // Only the framed page of this site may speak to the dialog.
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data?.type === 'kf-preview-ready') setState('ready');
      if (event.data?.type === 'kf-preview-escape') closeRef.current();
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(() => setState((current) => (current === 'loading' ? 'failed' : current)), readyTimeoutMs);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, []);

  return (
    <Modal title={texts.title} onClose={onClose} size="full" describedBy={intro}>
      <div className="kfe-preview-dialog__controls">
        <p id={intro}>{texts.intro}</p>
        <fieldset className="kfe-preview-widths">
          <legend>{texts.width}</legend>
          {previewWidths.map((option) => (
            <label key={option.id}>
              <input type="radio" name="kfe-preview-width" value={option.id} checked={width === option.id} onChange={() => setWidth(option.id)} />
              {texts.widths[option.id]} ({option.px} px)
            </label>
          ))}
        </fieldset>
      </div>
      <p role="status" className={state === 'ready' ? 'visually-hidden' : undefined}>
        {state === 'loading' ? texts.loading : state === 'failed' ? texts.failed : ''}
      </p>
      <div className="kfe-preview-stage">
        <iframe
          ref={frame}
          className="kfe-preview-frame"
          data-testid="preview-frame"
          data-ready={state !== 'loading'}
          title={texts.frameTitle(px)}
          src={`${path}?preview`}
          style={{ width: `${px}px` }}
        />
      </div>
      {/* After the frame: Tab goes from the widths through the framed page to here, and the trap wraps from here. */}
      <div className="kfe-actions">
        <button type="button" className="kfe-button kfe-button--secondary" onClick={onClose}>
          {texts.close}
        </button>
      </div>
    </Modal>
  );
}
