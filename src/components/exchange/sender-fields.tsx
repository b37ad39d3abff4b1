import React from 'react';
import { Field as FinalField } from 'react-final-form';
import { useTranslation } from '../../lib/i18n/use-translation';
import { adLimits } from '../../../contract/ad-limits';
import { Field, shownError, useErrorText } from './field';

/** Name and email address of whoever writes: the ad form's and the contact form's, with optional hints. */
export function SenderFields({ idPrefix, hints = {} }: { idPrefix: string; hints?: { name?: string; email?: string } }) {
  const { t } = useTranslation('exchange');
  const errorText = useErrorText();
  return (
    <>
      {(['name', 'email'] as const).map((name) => (
        <FinalField<string> key={name} name={name}>
          {({ input, meta }) => (
            <Field
              id={`${idPrefix}-${name}`}
              label={t(name === 'name' ? 'yourName' : 'yourEmail')}
              required
              error={shownError(meta, errorText)}
              hint={hints[name]}
            >
              {(aria) => (
                <input
                  {...input}
                  {...aria}
                  type={name === 'email' ? 'email' : 'text'}
                  autoComplete={name === 'email' ? 'email' : 'name'}
                  maxLength={name === 'email' ? adLimits.emailLength : adLimits.nameLength}
                />
              )}
            </Field>
          )}
        </FinalField>
      ))}
    </>
  );
}
