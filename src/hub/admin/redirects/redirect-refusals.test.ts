/**
 * The server's refusals of a redirect record (ADR 063) reach the form beside the field they name, as a sentence in
 * the staff language: German by default, English when chosen. The form maps them as the new-redirect page does.
 */
import { FORM_ERROR } from 'final-form';
import type { RefusalCode } from '../../../../contract/refusal-codes';
import { bodyFieldOf, submissionErrors } from '../../fields';
import { setHubLanguage } from '../../hub-language';

const refused = (field: string, code: RefusalCode) => ({ ok: false as const, status: 400, data: { message: `${field} breaks the redirect rule`, code, field } });
const formErrors = (field: string, code: RefusalCode) => submissionErrors(refused(field, code), bodyFieldOf(new Set(['old_path', 'new_path'])));

describe('a refused redirect in the hub', () => {
  afterEach(() => setHubLanguage('de'));

  it('says in German, beside the field, why a record may not lead off the site or take it over', () => {
    expect(formErrors('body.new_path', 'redirect_leaves_site')).toEqual({
      new_path: 'Die neue Adresse muss mit einem festen Teil beginnen, z. B. /de/…. Ein Platzhalter am Anfang könnte Besucher auf eine fremde Website schicken.',
    });
    expect(formErrors('body.old_path', 'redirect_too_wide')).toEqual({ old_path: expect.stringMatching(/^Die alte Adresse muss mit festen Teilen beginnen/) });
    expect(formErrors('body.old_path', 'reserved_path')).toEqual({ old_path: 'Diese Adresse ist für die Website reserviert. Bitte eine andere wählen.' });
    expect(formErrors('body.new_path', 'redirect_loop')).toEqual({ new_path: expect.stringMatching(/^Die alte Adresse erfasst auch die neue/) });
    expect(formErrors('body.old_path', 'redirect_pattern')).toEqual({ old_path: expect.stringMatching(/^Platzhalter so verwenden: \* nur als letzter Teil/) });
    expect(formErrors('body.old_path', 'redirect_chain')).toEqual({ old_path: expect.stringMatching(/^Das würde eine Kette von Weiterleitungen ergeben/) });
  });

  it('says it in English when the staff language is English', () => {
    setHubLanguage('en');
    expect(formErrors('body.new_path', 'redirect_leaves_site')).toEqual({
      new_path: 'The new address must start with a fixed part, e.g. /de/…. A placeholder at the start could send visitors to another site.',
    });
    expect(formErrors('body.old_path', 'redirect_too_wide')).toEqual({ old_path: expect.stringMatching(/^The old address must start with fixed parts/) });
  });

  it('shows a refusal about no field of the form above it', () => {
    expect(formErrors('id', 'not_found')).toEqual({ [FORM_ERROR]: expect.stringMatching(/^Dieser Eintrag existiert nicht/) });
  });
});
