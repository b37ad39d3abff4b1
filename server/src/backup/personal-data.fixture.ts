/**
 * Personal data planted in a seeded site through its own calls (`app.inject`, each from a client address of its own),
 * for the tests that prove a staging copy (ADR 081) carries none of it: the anonymiser's (anonymise.test.ts) and the
 * copy's whole path from backup to built site (staging-copy.test.ts). Works on a test context's app and on a
 * running server's alike; `now` is the app's clock.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { App } from '../app';
import type { Db } from '../db/database';
import { signUp } from '../db/repositories/newsletter';
import { createStaffUser } from '../db/repositories/staff-users';
import { listAdEvents } from '../db/repositories/ticket-ads';
import { browserSession } from '../test/browser-session';
import { postUpload } from '../test/upload-fixtures';

/** What visitors and staff gave us, as text: every value is in the database after planting. */
export const planted = {
  newsletterEmail: 'hedwig.brennecke@example.org',
  newsletterIp: '198.51.100.31',
  confirmedEmail: 'otto.lilienfeld@example.org',
  confirmedSignupIp: '198.51.100.32',
  confirmIp: '198.51.100.33',
  entrantFirstName: 'Liselotte',
  entrantLastName: 'Meitnerova',
  entrantEmail: 'liselotte.meitnerova@example.org',
  entrantAddress: 'Gartenweg 17',
  entrantPhone: '0761 5550123',
  entrantIp: '198.51.100.34',
  uploadIp: '198.51.100.35',
  fileName: 'Studienausweis-Meitnerova.pdf',
  unattachedFileName: 'Entwurf-Meitnerova.png',
  contactMessage: 'Bitte rufen Sie mich wegen der Orgelnacht zurück',
  contactName: 'Bertolt Kesselring',
  contactEmail: 'bertolt.kesselring@example.org',
  contactIp: '198.51.100.36',
  adName: 'Friederike Wieckmann',
  // What the exchange shows of the placer: the first word of the name (services/exchange/ticket-exchange.ts).
  adFirstName: 'Friederike',
  adEmail: 'friederike.wieckmann@example.org',
  adMessage: 'Gern auch telefonisch: 0176 5550987',
  adIp: '198.51.100.37',
  adReplyName: 'Clemens Brentanoff',
  adReplyEmail: 'clemens.brentanoff@example.org',
  adReplyMessage: 'Ich nehme beide Karten gern',
  consentId: randomUUID(),
  errorMessage: 'TypeError: Programmheft der Orgelnacht fehlt',
  staffEmail: 'marie.sklodowska@example.org',
  staffIp: '198.51.100.38',
  staffBrowser: 'Stagingtest-Browser/7.1',
  throttledLogin: 'heinrich.vogeler',
  throttledIp: '198.51.100.39',
};

/** The planted staff account, and the password it had before a copy gave it another. */
export const plantedStaff = { username: 'msklodowska', password: 'staging-test-passwort' };

/**
 * The files a visitor uploaded, as bytes: a student card (a PDF naming its holder, sent with the membership form)
 * and an image uploaded and never sent. Both of a content nothing else on the site has.
 */
export async function plantedFiles(): Promise<{ proof: Buffer; unattached: Buffer }> {
  const proof = Buffer.from(
    '%PDF-1.4\n% Studienausweis Liselotte Meitnerova, Matrikel 4711-0815-2026\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
  const unattached = await sharp({ create: { width: 13, height: 7, channels: 3, background: '#2e6b51' } })
    .png()
    .toBuffer();
  return { proof, unattached };
}

/**
 * Plants `planted` and `plantedFiles()` into the site of `app` (on `db`): a pending newsletter sign-up and a
 * confirmed one (its proof: sign-up and confirmation addresses), a membership entry with its uploaded file, an
 * upload never sent, a contact message, a ticket ad confirmed through its mailed link (so the exchange shows it)
 * and a visitor's answer to it, the cookie banner's decision, a browser's error report, a staff account logged in
 * from its own browser, a failed login, and the mails all this queued. Resolves with the ad's id.
 */
export async function plantPersonalData(app: App, db: Db, now: Date): Promise<{ adId: number }> {
  const session = await browserSession(app);
  const post = async (url: string, payload: Record<string, unknown>, remoteAddress: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'POST', url, payload, headers: { ...session.headers, ...headers }, remoteAddress });
    if (response.statusCode >= 300) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const withToken = async (payload: Record<string, unknown>) => ({ ...payload, form_token: await session.formToken() });

  // A pending newsletter sign-up (its confirmation mail waits in the outbox) and a confirmed one with its proof.
  await post('/de/api/newsletter/subscribe/', await withToken({ email: planted.newsletterEmail, consent: true }), planted.newsletterIp);
  const signedUp = await signUp(db, { email: planted.confirmedEmail, locale: 'en', ip: planted.confirmedSignupIp, now });
  if (signedUp.outcome !== 'confirm') throw new Error(`sign-up: ${signedUp.outcome}`);
  await post('/en/api/newsletter/confirm/', await withToken({ token: signedUp.confirmToken }), planted.confirmIp);

  // A membership application with a file, a file uploaded and never sent, and a message through the contact form.
  const files = await plantedFiles();
  const upload = async (name: string, content: Buffer) => {
    const response = await postUpload(app, session, name, content, { remoteAddress: planted.uploadIp });
    if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
    return (JSON.parse(response.body) as { id: string }).id;
  };
  const proof = await upload(planted.fileName, files.proof);
  await upload(planted.unattachedFileName, files.unattached);
  const forms = Object.fromEntries((await db.selectFrom('form').select(['id', 'slug']).execute()).map((row) => [row.slug, row.id]));
  const membership = {
    first_name: planted.entrantFirstName,
    last_name: planted.entrantLastName,
    email: planted.entrantEmail,
    phone: planted.entrantPhone,
    address: `${planted.entrantAddress}\n79100 Freiburg`,
    membership: 'ermaessigt',
    student_proof: proof,
    interests: ['kammermusik'],
    newsletter: false,
    source: 'website',
    privacy: true,
  };
  await post('/de/api/forms-entries/', await withToken({ form: forms.mitgliedsantrag, field_values: membership }), planted.entrantIp);
  const contact = { name: planted.contactName, email: planted.contactEmail, subject: 'karten', message: planted.contactMessage, privacy: true };
  await post('/de/api/forms-entries/', await withToken({ form: forms.kontakt, field_values: contact }), planted.contactIp);

  // A ticket ad, confirmed through the link in its mail, and a visitor's answer to it.
  const [adEvent] = await listAdEvents(db, now.toISOString());
  if (!adEvent) throw new Error('no event takes ads');
  const ad = {
    event: adEvent.event.id,
    kind: 'offer',
    quantity: 2,
    price_category: 0,
    price_cents: 1000,
    message: planted.adMessage,
    name: planted.adName,
    email: planted.adEmail,
    consent: true,
  };
  await post('/de/api/exchange/ads/', await withToken(ad), planted.adIp);
  const adMail = await db.selectFrom('mail_outbox').select('text_body').where('kind', '=', 'ticket-ad-confirm').orderBy('id', 'desc').executeTakeFirst();
  const confirmToken = adMail && /\/de\/kartenboerse\/anzeige-bestaetigen\?token=([\w-]+)/.exec(adMail.text_body)?.[1];
  if (!confirmToken) throw new Error(`no confirmation link in the ad's mail: ${adMail?.text_body}`);
  await post('/de/api/exchange/ads/confirm/', { token: confirmToken }, planted.adIp);
  const adId = (await db.selectFrom('ticket_ad').select('id').where('email', '=', planted.adEmail).executeTakeFirstOrThrow()).id;
  const reply = { name: planted.adReplyName, email: planted.adReplyEmail, message: planted.adReplyMessage };
  await post(`/de/api/exchange/ads/${adId}/contact/`, await withToken(reply), planted.contactIp);

  // The cookie banner's decision and a browser's error report.
  const origin = { origin: app.publicUrl() };
  await post('/de/api/consent/', { consent_id: planted.consentId, categories: ['required', 'media'], revision: 1, action: 'first' }, planted.contactIp, origin);
  const report = { kind: 'error', area: 'site', message: planted.errorMessage, place: 'Programmheft', path: '/de/programm/', release: 'site@1' };
  await post('/de/api/error-reports/', report, planted.contactIp, origin);

  // A staff account with a private address, logged in from a browser of its own, and a failed login by a visitor.
  await createStaffUser(db, { email: planted.staffEmail, username: plantedStaff.username, password: plantedStaff.password, role: 'editor' });
  await post('/de/pageeditor-api/login/', { login: plantedStaff.username, password: plantedStaff.password }, planted.staffIp, { 'user-agent': planted.staffBrowser });
  const failed = await app.inject({
    method: 'POST',
    url: '/de/pageeditor-api/login/',
    payload: { login: planted.throttledLogin, password: 'not-the-password' },
    headers: session.headers,
    remoteAddress: planted.throttledIp,
  });
  if (failed.statusCode !== 401) throw new Error(`a failed login answered ${failed.statusCode} ${failed.body}`);
  return { adId };
}
