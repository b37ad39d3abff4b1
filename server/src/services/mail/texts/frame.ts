/**
 * The words of the one mail frame (../layout.ts), German and English side by side: the association's footer under
 * every mail and the line under the button for mail programs that do not show it (ADR 079).
 */
import type { Locale } from '../../../../../contract/locales';

/** Sender details printed under every mail (the imprint duty for mail; the seeded site settings say the same). */
export const association = {
  name: 'Konzertfreunde Freiburg e. V.',
  address: 'Musikantenweg 12, 79098 Freiburg im Breisgau',
  email: 'info@konzertfreunde.example',
} as const;

export const frameTexts: Record<Locale, { footer: string; buttonFallback: string }> = {
  de: {
    footer: `${association.name} · ${association.address} · ${association.email}`,
    buttonFallback: 'Falls der Knopf nicht funktioniert, öffnen Sie diese Adresse:',
  },
  en: {
    footer: `${association.name} · ${association.address}, Germany · ${association.email}`,
    buttonFallback: 'If the button does not work, open this address:',
  },
};
