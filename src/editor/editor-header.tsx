/**
 * The editor header (docs/product.md, Layout; ADR 013): online state, the admin page of the record, publish status,
 * page versions, the preview at phone, tablet and desktop widths (ADR 037), leave edit mode, log out. Shown between the
 * skip link and the site header, and pushing the header down (toolbar-height.ts): wrapped onto more rows where the
 * window is narrow, never cut (ADR 061).
 */
import React, { useRef, useState } from 'react';
import type { EditTarget } from '../components/editor-gate/editor-slots';
import { adminUrl } from '../staff/admin-url';
import { useEditor, useEditorState } from './editor-context';
import type { PublishStatus, VersionOwner } from './api';
import { ChecksButton } from './checks-button';
import { DraftToolbar } from './draft-toolbar';
import { PreviewBanner } from './preview-banner';
import { PreviewDialog } from './preview-dialog';
import { PreviewLinkButton } from './preview-link-button';
import { VersionsDialog } from './versions-dialog';
import type { EditorTexts } from './texts';
import { useToolbarHeight } from './toolbar-height';
import { TranslationTools } from './translation/translation-bar';


function PublishBadge({ publish, texts }: { publish: PublishStatus | null; texts: EditorTexts }) {
  if (!publish) return null;
  const failed = publish.state === 'failed';
  const reason = failed ? publish.last?.error : undefined;
  const label = publish.state === 'triggered' && !publish.deploy_notifications ? texts.publishHandedOver : texts.publish[publish.state];
  return (
    <p className="kfe-bar__group kfe-bar__publish" data-testid="publish-status" data-state={publish.state} style={{ margin: 0 }}>
      <span>{texts.publishLabel}:</span>
      <span className={`kfe-badge${failed ? ' kfe-badge--failed' : ''}`}>{label}</span>
      {reason && (
        <span className="kfe-bar__reason" title={texts.publishFailedReason(reason)}>
          {texts.publishFailedReason(reason)}
        </span>
      )}
      {publish.retrying != null && <span className="kfe-bar__reason">{texts.publishRetried}</span>}
    </p>
  );
}

export function EditorHeader() {
  const store = useEditor();
  const { page, recordHeading, publish, preview } = useEditorState();
  const { texts, options } = store;
  // Whose versions the open dialog lists: the page's, or the record's sections' (ADR 059).
  const [versionsOf, setVersionsOf] = useState<VersionOwner | null>(null);
  const owner = store.versionOwner();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [logoutError, setLogoutError] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const banner = useRef<HTMLDivElement>(null);
  useToolbarHeight(bar, banner, Boolean(preview));
  // Leaving edit mode keeps the session (the next visit edits at once); logging out ends it, on a shared computer too.
  const logout = async () => {
    setLoggingOut(true);
    setLogoutError(false);
    const result = await store.api.logout();
    if (result.ok || result.status === 401) {
      window.location.assign(options.path);
      return;
    }
    setLoggingOut(false);
    setLogoutError(true);
  };
  // The record (or page) this page shows; on the 404 page, the offline one the editor read for its address.
  const target: EditTarget | undefined = options.target ?? store.versionOwner();
  const online = page?.is_online ?? recordHeading?.is_online;
  return (
    <>
      {/* In the staff member's language, on a page of either language (ADR 061). */}
      <div className="kfe-bar" role="region" aria-label={texts.toolbarLabel} ref={bar} lang={store.language}>
        <p className="kfe-bar__title">{texts.editMode}</p>
        {online !== undefined && (
          <span className={`kfe-badge${online ? '' : ' kfe-badge--offline'}`} data-testid="online-state">
            {online ? texts.online : texts.offline}
          </span>
        )}
        <PublishBadge publish={publish} texts={texts} />
        <DraftToolbar />
        <TranslationTools />
        <span className="kfe-bar__spacer" />
        <span className="kfe-bar__who">{texts.loggedInAs(options.user.username || options.user.email)}</span>
        {target && <a href={adminUrl(target)}>{texts.adminLink}</a>}
        {owner && (
          <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" onClick={() => setVersionsOf(owner)}>
            {texts.versions}
          </button>
        )}
        {/* The page as visitors see it with what is saved, at a phone's, tablet's or desktop's width (ADR 037). */}
        <button
          type="button"
          className="kfe-button kfe-button--secondary kfe-button--small kfe-bar__preview"
          aria-haspopup="dialog"
          onClick={() => setPreviewOpen(true)}
        >
          {texts.preview}
        </button>
        <PreviewLinkButton target={target} />
        <ChecksButton />
        <a className="kfe-button kfe-button--small" href={options.path}>
          {texts.leave}
        </a>
        <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" title={texts.logoutHint} disabled={loggingOut} onClick={() => void logout()}>
          {texts.logout}
        </button>
        {logoutError && (
          <p role="alert" className="kfe-bar__group" style={{ margin: 0 }}>
            {texts.logoutFailed}
          </p>
        )}
      </div>
      {preview && <PreviewBanner ref={banner} version={preview.version} />}
      {versionsOf && <VersionsDialog owner={versionsOf} onClose={() => setVersionsOf(null)} />}
      {previewOpen && <PreviewDialog onClose={() => setPreviewOpen(false)} />}
    </>
  );
}
