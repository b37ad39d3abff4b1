/** The hub without a session: the editor's login form (its own small module, not the editor). */
import { navigate } from 'gatsby';
import React from 'react';
import { LoginForm } from '../staff/login-form';
import { useStaffLanguage } from '../staff/staff-language';
import { PageHeading } from './page-heading';
import { texts } from './texts';

export function LoginPage({ note, onLoggedIn }: { note?: string; onLoggedIn: () => void }) {
  const language = useStaffLanguage();
  return (
    <div className="kfh-login">
      <PageHeading title={texts.loginTitle} />
      <p>{texts.loginIntro}</p>
      {note && (
        <p className="kfh-message kfh-message--error" role="alert">
          {note}
        </p>
      )}
      <LoginForm locale={language} onLoggedIn={onLoggedIn} onCancel={() => void navigate('/de')} cancelLabel={texts.toWebsite} />
    </div>
  );
}
