/**
 * Loaded by the gate when `?edit` is set but nobody is logged in (spec §4, §8): explains and offers login. A small
 * chunk of its own: the login form, not the editor.
 */
import React, { useId } from 'react';
import type { Locale } from '../../contract/locales';
import { LoginForm } from '../staff/login-form';
import { Modal } from '../staff/modal';
import { useStaffStyles } from '../staff/staff-styles';
import { editorTexts } from './texts';

export default function LoginPrompt({ locale, onLoggedIn, onClose }: { locale: Locale; onLoggedIn: () => void; onClose: () => void }) {
  const texts = editorTexts[locale];
  const explanation = useId();
  useStaffStyles();
  return (
    <Modal title={texts.loginTitle} onClose={onClose} describedBy={explanation}>
      <p id={explanation}>{texts.loginRequired}</p>
      <LoginForm locale={locale} onLoggedIn={onLoggedIn} onCancel={onClose} cancelLabel={texts.loginWithoutEditing} />
    </Modal>
  );
}
