/** Wraps the page in edit mode: the store, the alerts, the live region for moves and the login modal on a 401. */
import React, { useEffect, useId, type ReactNode } from 'react';
import { EditorContext, useEditor, useEditorState } from './editor-context';
import { useStaffStyles } from '../staff/staff-styles';
import { LoginForm } from '../staff/login-form';
import { Modal } from '../staff/modal';
import type { EditorStore } from './store';
import { StaffLanguageContext } from '../staff/staff-language';

function Alerts() {
  const store = useEditor();
  const { alert } = useEditorState();
  const { texts } = store;
  // Both regions stay in the page so that screen readers notice what is put into them.
  return (
    <>
      <div role="status" aria-live="polite" className={alert?.kind === 'saved' ? 'kfe-alert kfe-alert--saved' : 'visually-hidden'} data-testid="editor-save-alert">
        {alert?.kind === 'saved' && <p>{alert.message}</p>}
      </div>
      <div role="alert" className={alert?.kind === 'error' ? 'kfe-alert kfe-alert--error' : 'visually-hidden'}>
        {alert?.kind === 'error' && (
          <>
            <p>{alert.message}</p>
            <button type="button" className="kfe-button kfe-button--small" onClick={() => store.dismissAlert(alert.id)}>
              {texts.close}
            </button>
          </>
        )}
      </div>
    </>
  );
}

function Announcer() {
  const { announcement } = useEditorState();
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}

function SessionLogin() {
  const store = useEditor();
  const { login } = useEditorState();
  const explanation = useId();
  if (!login) return null;
  return (
    <Modal title={store.texts.loginTitle} onClose={() => store.loginFinished(false)} describedBy={explanation}>
      <p id={explanation}>{store.texts.loginExpired}</p>
      <LoginForm
        locale={store.language}
        onLoggedIn={() => store.loginFinished(true)}
        onCancel={() => store.loginFinished(false)}
        cancelLabel={store.texts.cancel}
      />
    </Modal>
  );
}

export function EditorRoot({ store, children }: { store: EditorStore; children: ReactNode }) {
  useStaffStyles();
  useEffect(() => store.start(), [store]);
  return (
    <EditorContext.Provider value={store}>
      <StaffLanguageContext.Provider value={store.language}>
        {children}
        <Alerts />
        <Announcer />
        <SessionLogin />
      </StaffLanguageContext.Provider>
    </EditorContext.Provider>
  );
}
