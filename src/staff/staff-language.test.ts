import { rememberedStaffLanguage, staffLanguageOf } from './staff-language';

describe('the staff language (ADR 061)', () => {
  it('is the account’s choice, German when the answer has none or one the site does not speak', () => {
    expect(staffLanguageOf({ staff_language: 'en' })).toBe('en');
    expect(staffLanguageOf({ staff_language: 'de' })).toBe('de');
    expect(staffLanguageOf({})).toBe('de');
    expect(staffLanguageOf({ staff_language: 'fr' })).toBe('de');
  });

  it('is German before login where the device remembers nothing (no storage here)', () => {
    expect(rememberedStaffLanguage()).toBe('de');
  });
});
