/**
 * The demo forms (ADR 011): a contact form, a membership application with an optional proof of student status,
 * and a subscription order listing the seeded subscription series. Written through the repository, so they are
 * checked like any form; only into a database without forms.
 */
import type { Db } from '../db/database';
import { createForm } from '../db/repositories/forms';
import { hasAnyRow, inTransaction } from '../db/repositories/shared';
import type { FormFieldInput, FormInput } from '../../../contract/schemas/forms';
import { fieldTypes } from '../../../contract/form-field-types';
import { t, type Bilingual } from './bilingual';
import { feeChoices, reducedUpToAge } from './membership-fees';
import { subscriptionSpecs } from './programme/subscriptions';

/** Where the demo forms' entries are mailed (the association's info address). */
export const formRecipients = ['info@konzertfreunde.example'];

const choice = (value: string, label: Bilingual) => ({ value, label });

const field = (slug: string, field_type: FormFieldInput['field_type'], label: Bilingual, rest: Partial<FormFieldInput> = {}): FormFieldInput => ({
  slug,
  field_type,
  label,
  ...rest,
});

const privacy = field(
  'privacy',
  fieldTypes.checkbox,
  t(
    'Ich habe die Datenschutzerklärung gelesen und bin einverstanden, dass die Konzertfreunde meine Angaben zur Bearbeitung meiner Anfrage speichern.',
    'I have read the privacy policy and agree that the Konzertfreunde store my details to handle my request.',
  ),
  { required: true },
);

const name = field('name', fieldTypes.text, t('Name', 'Name'), {
  required: true,
  max_length: 120,
  placeholder: t('Vor- und Nachname', 'First and last name'),
});
const email = field('email', fieldTypes.email, t('E-Mail-Adresse', 'Email address'), {
  required: true,
  placeholder: t('name@example.de', 'name@example.com'),
});
const phone = field('phone', fieldTypes.phone, t('Telefon', 'Phone'), {
  help: t('Für Rückfragen, freiwillig.', 'For questions, optional.'),
});

export const contactForm: FormInput = {
  slug: 'kontakt',
  title: t('Kontakt', 'Contact'),
  intro: t(
    'Schreiben Sie uns – wir antworten in der Regel innerhalb von zwei Werktagen. Telefonisch erreichen Sie uns Montag bis Freitag von 10 bis 14 Uhr.',
    'Write to us – we usually answer within two working days. You can call us Monday to Friday from 10 am to 2 pm.',
  ),
  success_message: t(
    'Vielen Dank für Ihre Nachricht! Wir melden uns in den nächsten Tagen bei Ihnen.',
    'Thank you for your message! We will get back to you within the next few days.',
  ),
  recipients: formRecipients,
  fields: [
    name,
    email,
    field('subject', fieldTypes.select, t('Worum geht es?', 'What is it about?'), {
      required: true,
      choices: [
        choice('allgemein', t('Allgemeine Frage', 'General question')),
        choice('karten', t('Karten und Kartenbörse', 'Tickets and ticket exchange')),
        choice('abonnement', t('Abonnement', 'Subscription')),
        choice('mitgliedschaft', t('Mitgliedschaft', 'Membership')),
        choice('presse', t('Presse', 'Press')),
      ],
    }),
    field('message', fieldTypes.textarea, t('Ihre Nachricht', 'Your message'), { required: true, max_length: 3000 }),
    privacy,
  ],
};

export const membershipForm: FormInput = {
  slug: 'mitgliedsantrag',
  title: t('Mitglied werden', 'Become a member'),
  intro: t(
    `Als Mitglied der Konzertfreunde erhalten Sie Vorkaufsrecht, ermäßigte Karten und Einladungen zu Proben. Schülerinnen, Schüler, Auszubildende und Studierende zahlen bis ${reducedUpToAge} Jahre den ermäßigten Beitrag.`,
    `As a member of the Konzertfreunde you get priority booking, reduced tickets and invitations to rehearsals. Pupils, apprentices and students pay the reduced fee up to the age of ${reducedUpToAge}.`,
  ),
  success_message: t(
    'Herzlich willkommen! Ihr Antrag ist eingegangen; Sie erhalten Ihre Mitgliedsunterlagen in den nächsten Wochen per Post.',
    'Welcome! Your application has arrived; you will receive your membership documents by post in the coming weeks.',
  ),
  recipients: formRecipients,
  fields: [
    field('first_name', fieldTypes.text, t('Vorname', 'First name'), { required: true, max_length: 80 }),
    field('last_name', fieldTypes.text, t('Nachname', 'Last name'), { required: true, max_length: 80 }),
    email,
    phone,
    field('birth_date', fieldTypes.date, t('Geburtsdatum', 'Date of birth'), {
      help: t(`Freiwillig; für den ermäßigten Beitrag bis ${reducedUpToAge} Jahre.`, `Optional; for the reduced fee up to the age of ${reducedUpToAge}.`),
      // No later than the day of sending (ADR 069).
      max: 0,
    }),
    field('address', fieldTypes.textarea, t('Anschrift', 'Postal address'), {
      required: true,
      max_length: 300,
      placeholder: t('Straße und Hausnummer, PLZ und Ort', 'Street and number, postcode and town'),
    }),
    field('membership', fieldTypes.radio, t('Mitgliedschaft', 'Membership'), {
      required: true,
      default: 'einzel',
      choices: feeChoices(),
    }),
    field('student_proof', fieldTypes.file, t('Nachweis für den ermäßigten Beitrag', 'Proof for the reduced fee'), {
      help: t(
        'Schüler-, Azubi- oder Studierendenausweis als PDF, JPEG oder PNG, höchstens 5 MB. Sie können ihn auch später nachreichen.',
        'Pupil, apprentice or student card as PDF, JPEG or PNG, at most 5 MB. You can also send it later.',
      ),
      accept: ['pdf', 'jpeg', 'png'],
      max_size: 5 * 1024 * 1024,
    }),
    field('interests', fieldTypes.multipleChoice, t('Was interessiert Sie besonders?', 'What interests you most?'), {
      choices: [
        choice('sinfonik', t('Sinfoniekonzerte', 'Symphony concerts')),
        choice('kammermusik', t('Kammermusik', 'Chamber music')),
        choice('junge-kuenstler', t('Junge Künstlerinnen und Künstler', 'Young artists')),
        choice('ehrenamt', t('Mithelfen bei Konzerten', 'Helping at concerts')),
      ],
    }),
    field('newsletter', fieldTypes.checkbox, t('Den Newsletter der Konzertfreunde erhalten', 'Receive the Konzertfreunde newsletter'), {
      default: '0',
      help: t('Sie bekommen dazu eine E-Mail mit einem Bestätigungslink.', 'You will get an email with a confirmation link for it.'),
    }),
    field('source', fieldTypes.hidden, t('Quelle', 'Source'), { default: 'website' }),
    privacy,
  ],
};

export const subscriptionOrderForm: FormInput = {
  slug: 'abo-bestellung',
  title: t('Abonnement bestellen', 'Order a subscription'),
  intro: t(
    'Wählen Sie eine oder mehrere Reihen und die Zahl der Plätze. Wir schicken Ihnen ein Angebot mit den besten freien Plätzen Ihrer Preiskategorie; bezahlt wird erst nach Ihrer Zusage.',
    'Choose one or more series and the number of seats. We will send you an offer with the best free seats in your price category; you pay only once you accept.',
  ),
  success_message: t(
    'Danke für Ihre Bestellung! Sie erhalten Ihr Angebot innerhalb einer Woche.',
    'Thank you for your order! You will receive your offer within a week.',
  ),
  recipients: formRecipients,
  fields: [
    field('series', fieldTypes.multipleSelect, t('Abonnementreihen', 'Subscription series'), {
      required: true,
      help: t('Mehrere Reihen wählen Sie mit gedrückter Strg- oder Cmd-Taste.', 'Hold Ctrl or Cmd to choose several series.'),
      choices: subscriptionSpecs.map((spec) => choice(spec.slug.de, spec.title)),
    }),
    field('seats', fieldTypes.number, t('Anzahl der Plätze', 'Number of seats'), {
      required: true,
      default: '2',
      min: 1,
      max: 10,
      whole_number: true,
    }),
    field('price_category', fieldTypes.select, t('Preiskategorie', 'Price category'), {
      required: true,
      choices: ['I', 'II', 'III', 'IV'].map((numeral) => choice(numeral.toLowerCase(), t(`Kategorie ${numeral}`, `Category ${numeral}`))),
    }),
    field('start_date', fieldTypes.date, t('Gewünschter Beginn', 'Preferred start'), {
      help: t('Leer lassen für die ganze Saison.', 'Leave empty for the whole season.'),
    }),
    name,
    email,
    phone,
    field('delivery', fieldTypes.radio, t('Abonnementausweis', 'Subscription card'), {
      required: true,
      default: 'post',
      choices: [choice('post', t('Per Post zusenden', 'Send by post')), choice('abholung', t('An der Abendkasse abholen', 'Collect at the box office'))],
    }),
    field('message', fieldTypes.textarea, t('Anmerkungen', 'Notes'), { max_length: 2000 }),
    privacy,
  ],
};

export const demoForms: FormInput[] = [contactForm, membershipForm, subscriptionOrderForm];

async function hasForms(db: Db): Promise<boolean> {
  return hasAnyRow(db, 'form');
}

/** Creates the demo forms when there are none; resolves with how many it created. */
export async function seedForms(db: Db, log: (line: string) => void = () => undefined): Promise<number> {
  if (await hasForms(db)) return 0;
  const created = await inTransaction(db, async (trx) => {
    // Of two starts at once, the second finds the forms and adds none.
    if (await hasForms(trx)) return 0;
    for (const form of demoForms) await createForm(trx, form);
    return demoForms.length;
  });
  if (created) log(`Created the demo forms ${demoForms.map((form) => form.slug).join(', ')}.`);
  return created;
}
