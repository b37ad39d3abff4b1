/** The hub without a session: the editor's login form (its own small module, not the editor). */
import { navigate } from 'gatsby';
import React from 'react';
import { LoginForm } from '../staff/login-form';

import { PageHeading } from './page-heading';
import { texts } from './texts';
import { hubLanguage } from './hub-language';

export function LoginPage({ note, onLoggedIn }: { note?: string; onLoggedIn: () => void }) {
  return (
    <div className="kfh-login">
      <PageHeading title={texts.loginTitle} />
      <p>{texts.loginIntro}</p>
      {note && (
        <p className="kfh-message kfh-message--error" role="alert">
          {note}
        </p>
      )}
      <LoginForm locale={hubLanguage()} onLoggedIn={onLoggedIn} onCancel={() => void navigate('/de')} cancelLabel={texts.toWebsite} />
    </div>
  );
}
