/**
 * "Sprache der Redaktion" (ADR 061): the logged-in person chooses the language the editor and the hub speak to them,
 * German or English, for their own account. Saved through `POST user/language/`; the hub then renders anew in the
 * new language and the focus comes back to this control.
 */
import React, { useEffect, useId, useRef, useState } from 'react';
import { locales, type Locale } from '../../../contract/locales';
import { hubLocale, type HubUser } from '../api';
import { postJson } from '../../staff/staff-api';
import { refusalText } from '../../staff/refusal-texts';
import { staffLanguageOf, useStaffLanguage } from '../../staff/staff-language';
import { accountTexts as texts } from './account-texts';

/** The select of this control, for the focus after the hub rendered anew. */
export const staffLanguageFieldId = 'kfh-staff-language';

interface Props {
  user: HubUser;
  /** Called with the account as saved when the language changed: the hub renders anew in it. */
  onChanged: (user: HubUser) => void;
  /** Set on the first rendering after a change: the control confirms it and takes the focus back. */
  changed?: boolean;
}

export function StaffLanguageControl({ user, onChanged, changed = false }: Props) {
  const language = useStaffLanguage();
  const [chosen, setChosen] = useState<Locale>(staffLanguageOf(user));
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const heading = useId();
  const hint = useId();
  const field = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    // After a change the hub is rendered anew: say so in the new language, next to the control that made it.
    if (!changed) return;
    setMessage({ ok: true, text: texts.saved(texts.names[language]) });
    field.current?.focus();
  }, [changed, language]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setMessage(null);
    const result = await postJson<HubUser>(`/${hubLocale}/pageeditor-api/user/language/`, { staff_language: chosen });
    setSaving(false);
    if (!result.ok) {
      setMessage({ ok: false, text: texts.failed(refusalText(result, language)) });
      return;
    }
    if (staffLanguageOf(result.data) === language) {
      setMessage({ ok: true, text: texts.saved(texts.names[language]) });
      return;
    }
    onChanged(result.data);
  };

  return (
    <section className="kfh-card" aria-labelledby={heading}>
      <h2 id={heading}>{texts.heading}</h2>
      <form className="kfh-form" onSubmit={(event) => void submit(event)}>
        <div className="form-field">
          <label className="form-field__label" htmlFor={staffLanguageFieldId}>
            {texts.language}
          </label>
          <p className="form-field__help" id={hint}>
            {texts.languageHint}
          </p>
          <select
            id={staffLanguageFieldId}
            ref={field}
            aria-describedby={hint}
            value={chosen}
            onChange={(event) => setChosen(event.target.value as Locale)}
          >
            {locales.map((each) => (
              <option key={each} value={each} lang={each}>
                {texts.names[each]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="kfe-button" disabled={saving}>
          {saving ? texts.saving : texts.save}
        </button>
        <p role="status" className={message ? `kfh-message ${message.ok ? 'kfh-message--ok' : 'kfh-message--error'}` : undefined}>
          {message?.text}
        </p>
      </form>
    </section>
  );
}
