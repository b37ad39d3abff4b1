/**
 * The association's membership fees in the demo content, written once: the membership page lists them, the home
 * page's "Dabei sein" teaser names the lowest, and the application form offers them as its choices, so the three
 * never disagree (ADR 069; server/src/seed/membership-fees.test.ts reads the amounts back from each place).
 */
import { t, type Bilingual } from './bilingual';

export interface MembershipFee {
  /** The form's choice value. */
  value: string;
  /** Euros a year; for the patron tier the least. */
  euros: number;
  /** At least this much rather than exactly. */
  from?: boolean;
  /** What the membership page calls it. */
  name: Bilingual;
  /** The membership page's answer after the amount (who, what comes with it). */
  note?: Bilingual;
  /** The form's label before the amount. */
  choice: Bilingual;
}

/** The age up to which the reduced fee applies (up to the 27th birthday). */
export const reducedUpToAge = 27;

export const membershipFees: MembershipFee[] = [
  { value: 'einzel', euros: 60, name: t('Einzelmitglied', 'Individual'), choice: t('Einzelmitglied', 'Single member') },
  {
    value: 'paar',
    euros: 95,
    name: t('Paare', 'Couples'),
    note: t('für zwei Personen in einem Haushalt', 'for two people in one household'),
    choice: t('Paar', 'Couple'),
  },
  {
    value: 'ermaessigt',
    euros: 15,
    name: t('Schüler, Auszubildende, Studierende', 'Pupils, apprentices, students'),
    note: t(`bis zum ${reducedUpToAge}. Geburtstag`, `up to the age of ${reducedUpToAge}`),
    choice: t(`Ermäßigt: Schüler, Auszubildende, Studierende bis ${reducedUpToAge}`, `Reduced: pupils, apprentices, students up to ${reducedUpToAge}`),
  },
  {
    value: 'foerder',
    euros: 250,
    from: true,
    name: t('Fördermitglied', 'Patron'),
    note: t('mit Einladung zum Saisonempfang', 'including an invitation to the season reception'),
    choice: t('Fördermitglied', 'Patron'),
  },
];

/** An amount a year as each language writes it: "ab 250 € im Jahr", "from €250 a year". */
export function feeText(fee: Pick<MembershipFee, 'euros' | 'from'>, capital = false): Bilingual {
  const de = `${fee.from ? 'ab ' : ''}${fee.euros} € im Jahr`;
  const en = `${fee.from ? 'from ' : ''}€${fee.euros} a year`;
  const upper = (text: string) => (capital ? text.charAt(0).toUpperCase() + text.slice(1) : text);
  return t(upper(de), upper(en));
}

/** The lowest fee, as the home teaser's "Ab 15 € im Jahr" gives it. */
export const lowestFee = (): Bilingual => feeText({ euros: Math.min(...membershipFees.map((fee) => fee.euros)), from: true }, true);

/** The membership page's FAQ items: the name, then the amount and its note. */
export const feeItems = () =>
  membershipFees.map((fee) => {
    const amount = feeText(fee);
    // "95 € im Jahr für zwei Personen …", but "ab 250 € im Jahr, mit Einladung …".
    const answer = (locale: 'de' | 'en') => `<p>${[amount[locale], fee.note?.[locale]].filter(Boolean).join(fee.from ? ', ' : ' ')}</p>`;
    return { content: fee.name, answer: t(answer('de'), answer('en')) };
  });

/** The form's choices: the label with the amount in brackets. */
export const feeChoices = () =>
  membershipFees.map((fee) => {
    const amount = feeText(fee);
    return { value: fee.value, label: t(`${fee.choice.de} (${amount.de})`, `${fee.choice.en} (${amount.en})`) };
  });
