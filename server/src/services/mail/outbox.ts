/**
 * Queuing mail. A mail is a row in `mail_outbox`, inserted in the caller's transaction: the record a mail is
 * about and the mail commit together or not at all, and sending happens later (delivery.ts), so a relay that is
 * down never fails the visitor's request.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { insertMail } from '../../db/repositories/mail-outbox';
import type { Locale } from '../../../../contract/locales';
import { isEmailAddress } from '../../../../contract/email-rule';

export interface QueuedMail {
  /** What the mail is about, e.g. `newsletter-confirm`. */
  kind: string;
  locale: Locale;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Where answers go, when not to the sender (a form's notification: the visitor's checked address). */
  replyTo?: string;
}

/** Inserts the mail as pending, due at once; resolves with its id. `now` only stamps `created_at`. */
export async function queueMail(trx: Db, mail: QueuedMail, now: Date = new Date()): Promise<number> {
  if (mail.to.length === 0) throw new Error(`queueMail(${mail.kind}): no recipients`);
  if (mail.to.some((address) => /[\r\n,;<>]/.test(address) || !address.includes('@'))) {
    throw new Error(`queueMail(${mail.kind}): malformed recipient address`);
  }
  // The caller passes a checked address; this is the last guard against a header injected through it.
  if (mail.replyTo !== undefined && !isEmailAddress(mail.replyTo)) throw new Error(`queueMail(${mail.kind}): malformed reply-to address`);
  return insertMail(trx, {
    kind: mail.kind,
    locale: mail.locale,
    to_addresses: JSON.stringify(mail.to),
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    next_attempt_at: null,
    last_error: null,
    created_at: now.toISOString(),
    sent_at: null,
    // Made once here, so every attempt carries the same Message-ID (delivery.ts).
    message_id: newMessageIdPart(),
    sending_since: null,
    reply_to: mail.replyTo ?? null,
  });
}

/** The unique left side of a Message-ID; the right side is the sender's domain (delivery.ts `messageIdOf`). */
export const newMessageIdPart = () => `outbox.${randomUUID()}`;
