/**
 * Where mail goes: an SMTP relay (SMTP_URL) through nodemailer, or, without one, an RFC 822 `.eml` file per
 * message under DATA_DIR/mail/ built by nodemailer's stream transport (the embedded default: a developer or the
 * e2e run opens the files instead of a mailbox).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  id: number;
  kind: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** `<…@…>`, the same on every attempt of this outbox row. */
  messageId: string;
  /** Which attempt of the row this is (1 for the first), sent as `X-Outbox-Attempt`. */
  attempt: number;
  replyTo?: string;
}

export interface MailTransport {
  kind: 'smtp' | 'file';
  /** For the start-up log: the relay's host (never its credentials) or the folder. */
  describe: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const message = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  // Nodemailer would make a new one per call: the row's own makes a resend recognisable as the same mail.
  messageId: mail.messageId,
  headers: { 'X-Konzertfreunde-Mail': `${mail.kind} ${mail.id}`, 'X-Outbox-Attempt': String(mail.attempt) },
});

export function smtpTransport(smtpUrl: string): MailTransport {
  // Short timeouts: a hanging relay must not hold the delivery loop for nodemailer's default two minutes.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const url = new URL(smtpUrl);
  return {
    kind: 'smtp',
    describe: `SMTP relay ${url.hostname}${url.port ? `:${url.port}` : ''}`,
    async send(mail) {
      await transporter.sendMail(message(mail));
    },
    close: () => transporter.close(),
  };
}

export function fileTransport(folder: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    describe: `.eml files in ${folder}`,
    async send(mail) {
      const info = (await builder.sendMail(message(mail))) as { message: Buffer };
      await fs.mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}-${mail.kind.replace(/[^a-z0-9-]/gi, '_')}.eml`;
      // Written under a temporary name and renamed, so a reader polling the folder never sees half a message.
      const temporary = path.join(folder, `.${name}.tmp`);
      await fs.writeFile(temporary, info.message);
      await fs.rename(temporary, path.join(folder, name));
    },
    close: () => builder.close(),
  };
}
