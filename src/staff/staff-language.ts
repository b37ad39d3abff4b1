/**
 * The language staff read their tools in (ADR 061): the account's own choice, German unless they chose English,
 * never the language of the page being edited. The editor and the hub provide it; the parts they share (pickers,
 * rich text, versions, the login form) read it here. The page's language stays what content is read and written in.
 */
import { createContext, useContext } from 'react';
import { isLocale, type Locale } from '../../contract/locales';

export type StaffLanguage = Locale;

export const defaultStaffLanguage: StaffLanguage = 'de';

export const StaffLanguageContext = createContext<StaffLanguage>(defaultStaffLanguage);

/** The staff language of the tool this component is part of. */
export const useStaffLanguage = (): StaffLanguage => useContext(StaffLanguageContext);

/** The account's language as the user call answers it; German for an answer without one. */
export const staffLanguageOf = (user: { staff_language?: string }): StaffLanguage =>
  user.staff_language && isLocale(user.staff_language) ? user.staff_language : defaultStaffLanguage;

const storageKey = 'kf-staff-language';

/**
 * Kept on this device once known, so that the login dialog of a later visit (before anyone is logged in) speaks the
 * language its last staff member chose. Storage may be unavailable (private mode): then German.
 */
export function rememberStaffLanguage(language: StaffLanguage) {
  try {
    window.localStorage.setItem(storageKey, language);
  } catch {
    // Nothing to keep it in: the next login dialog speaks German.
  }
}

export function rememberedStaffLanguage(): StaffLanguage {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return stored && isLocale(stored) ? stored : defaultStaffLanguage;
  } catch {
    return defaultStaffLanguage;
  }
}
