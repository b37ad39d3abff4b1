/**
 * The toolbar's "Vorschau-Link" (ADR 084): a dialog that makes a link for someone without an account to see this
 * record's sections in the page's language before they are public (`POST /{locale}/pageeditor-api/preview-links/`),
 * for 1, 7 or 30 days, then shows the address with a copy button and until when it holds. Shown for pages, events,
 * subscription series and articles, the records with sections of their own.
 */
import React, { useId, useRef, useState } from 'react';
import { previewLinkDays, type PreviewLinkDays } from '../../contract/preview-links';
import type { PreviewLinkCreated, PreviewOwner } from '../../contract/schemas/preview-links';
import type { EditTarget } from '../components/editor-gate/editor-slots';
import { Modal } from '../staff/modal';
import { refusalText } from '../staff/refusal-texts';
import { postJson } from '../staff/staff-api';
import { useStyleElement } from '../staff/style-element';
import { useEditor } from './editor-context';
import { formatWhen } from './format-when';

const owners: readonly string[] = ['page', 'event', 'subscription', 'article'] satisfies readonly PreviewOwner[];
const isPreviewOwner = (type: string): type is PreviewOwner => owners.includes(type);

const css = `
.kfe-preview-link__days { display: flex; flex-wrap: wrap; gap: var(--space-2); border: 0; margin: 0 0 var(--space-3); padding: 0; }
.kfe-preview-link__days legend { font-weight: 600; padding: 0; margin-bottom: var(--space-1); }
.kfe-preview-link__days label { display: inline-flex; gap: 0.35rem; align-items: center; }
.kfe-preview-link__address { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; }
.kfe-preview-link__address input { flex: 1 1 20rem; min-width: 0; font: inherit; padding: 0.4rem 0.5rem; }
`;

export function PreviewLinkButton({ target }: { target: EditTarget | undefined }) {
  const [open, setOpen] = useState(false);
  const { texts } = useEditor();
  if (!target || !isPreviewOwner(target.type)) return null;
  return (
    <>
      <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {texts.previewLink}
      </button>
      {open && <PreviewLinkDialog owner={target.type} id={target.id} onClose={() => setOpen(false)} />}
    </>
  );
}

type State = { name: 'choosing' } | { name: 'creating' } | { name: 'created'; link: PreviewLinkCreated } | { name: 'failed'; reason: string };

function PreviewLinkDialog({ owner, id, onClose }: { owner: PreviewOwner; id: number; onClose: () => void }) {
  useStyleElement('kf-editor-preview-link-styles', css);
  const store = useEditor();
  const { texts } = store;
  const [days, setDays] = useState<PreviewLinkDays>(7);
  const [state, setState] = useState<State>({ name: 'choosing' });
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const address = useRef<HTMLInputElement>(null);
  const intro = useId();
  const addressId = useId();

  const create = async () => {
    setState({ name: 'creating' });
    setCopied(null);
    const result = await postJson<PreviewLinkCreated>(`/${store.options.locale}/pageeditor-api/preview-links/`, { content_type: owner, object_id: id, days });
    if (result.ok) {
      setState({ name: 'created', link: result.data });
      // The address is what comes next: focused and selected, ready to copy.
      requestAnimationFrame(() => address.current?.select());
    } else setState({ name: 'failed', reason: refusalText(result, store.language) });
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      address.current?.select();
      setCopied('failed');
    }
  };

  return (
    <Modal title={texts.previewLinkTitle} onClose={onClose} describedBy={intro}>
      <p id={intro}>{texts.previewLinkIntro}</p>
      <fieldset className="kfe-preview-link__days" disabled={state.name === 'creating'}>
        <legend>{texts.previewLinkDuration}</legend>
        {previewLinkDays.map((option) => (
          <label key={option}>
            <input type="radio" name="kfe-preview-link-days" value={option} checked={days === option} onChange={() => setDays(option)} />
            {texts.previewLinkDays(option)}
          </label>
        ))}
      </fieldset>
      {state.name === 'failed' && (
        <p className="kfe-form__error" role="alert">
          {texts.previewLinkFailed(state.reason)}
        </p>
      )}
      {state.name === 'created' && (
        <div data-testid="preview-link-result">
          <label htmlFor={addressId}>{texts.previewLinkAddress}</label>
          <div className="kfe-preview-link__address">
            <input id={addressId} ref={address} type="text" readOnly value={state.link.url} onFocus={(event) => event.currentTarget.select()} data-testid="preview-link-url" />
            <button type="button" className="kfe-button kfe-button--small" onClick={() => void copy(state.link.url)}>
              {texts.previewLinkCopy}
            </button>
          </div>
          <p>{texts.previewLinkUntil(formatWhen(state.link.expires_at, store.language))}</p>
          <p role="status">{copied === 'copied' ? texts.previewLinkCopied : copied === 'failed' ? texts.previewLinkCopyFailed : ''}</p>
        </div>
      )}
      <div className="kfe-actions">
        <button type="button" className="kfe-button" disabled={state.name === 'creating'} onClick={() => void create()}>
          {state.name === 'creating' ? texts.previewLinkCreating : texts.previewLinkCreate}
        </button>
        <button type="button" className="kfe-button kfe-button--secondary" onClick={onClose}>
          {texts.previewLinkClose}
        </button>
      </div>
    </Modal>
  );
}
