/**
 * What the seeded contact form says to a visitor, as the specs that fill it in find it (forms.spec: sending it,
 * keyboard.spec: sending it without a mouse). One copy, so a changed label is changed once.
 */
export const contactFormTexts = {
  de: {
    name: /^Name/,
    email: /^E-Mail-Adresse \(Pflichtfeld\)/,
    emailRepeat: /^E-Mail-Adresse wiederholen/,
    subject: /^Worum geht es\?/,
    message: /^Ihre Nachricht/,
    privacy: /Ich habe die Datenschutzerklärung gelesen/,
    submit: 'Absenden',
    summary: 'Bitte prüfen Sie die markierten Felder.',
    required: 'Bitte füllen Sie dieses Feld aus.',
    thanks: /Vielen Dank für Ihre Nachricht!/,
  },
  en: {
    name: /^Name/,
    email: /^Email address \(required\)/,
    emailRepeat: /^Repeat email address/,
    subject: /^What is it about\?/,
    message: /^Your message/,
    privacy: /I have read the privacy policy/,
    submit: 'Send',
    summary: 'Please check the marked fields.',
    required: 'Please fill in this field.',
    thanks: /Thank you for your message!/,
  },
} as const;
