/**
 * Loaded by the gate when `?edit` is set but nobody is logged in (spec §4, §8): explains and offers login. A small
 * chunk of its own: the login form, not the editor.
 */
import React, { useId } from 'react';
import type { Locale } from '../../contract/locales';
import { LoginForm } from './login-form';
import { Modal } from './modal';
import { useEditorStyles } from './editor-styles';
import { editorTexts } from './texts';

export default function LoginPrompt({ locale, onLoggedIn, onClose }: { locale: Locale; onLoggedIn: () => void; onClose: () => void }) {
  const texts = editorTexts[locale];
  const explanation = useId();
  useEditorStyles();
  return (
    <Modal title={texts.loginTitle} onClose={onClose} describedBy={explanation}>
      <p id={explanation}>{texts.loginRequired}</p>
      <LoginForm locale={locale} texts={texts} onLoggedIn={onLoggedIn} onCancel={onClose} cancelLabel={texts.loginWithoutEditing} />
    </Modal>
  );
}
