/**
 * Loaded by the gate when `?edit` is set but nobody is logged in (docs/product.md, States): explains and offers login.
 * A small chunk of its own: the login form, not the editor.
 */
import React, { useId, useState } from 'react';
import { LoginForm } from '../staff/login-form';
import { Modal } from '../staff/modal';
import { useStaffStyles } from '../staff/staff-styles';
import { editorTexts } from './texts';
import { rememberedStaffLanguage, StaffLanguageContext } from '../staff/staff-language';

export default function LoginPrompt({ onLoggedIn, onClose }: { onLoggedIn: () => void; onClose: () => void }) {
  // Before anyone is logged in, the language the last staff member on this device chose; German at first (ADR 061).
  const [language] = useState(rememberedStaffLanguage);
  const texts = editorTexts[language];
  const explanation = useId();
  useStaffStyles();
  return (
    <StaffLanguageContext.Provider value={language}>
      <Modal title={texts.loginTitle} onClose={onClose} describedBy={explanation}>
        <p id={explanation}>{texts.loginRequired}</p>
        <LoginForm locale={language} onLoggedIn={onLoggedIn} onCancel={onClose} cancelLabel={texts.loginWithoutEditing} />
      </Modal>
    </StaffLanguageContext.Provider>
  );
}
