/**
 * A real SMTP server on loopback for mail tests (design.md: no mocks of mail). It parses what arrives with
 * mailparser. `stop()` takes it down (connections are refused, as with a relay that is down) and `start()`
 * brings it back on the same port.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT`, for config.smtpUrl. */
  url: string;
  received: ParsedMail[];
  /**
   * Resolves with the oldest mail to `to` (and matching `subject`) not returned by an earlier call, waiting up to
   * `timeoutMs` for it to arrive.
   */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase()));

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const returned = new Set<ParsedMail>();
  let port = 0;
  let server: SMTPServer | undefined;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.once('error', reject);
      current.listen(port, '127.0.0.1', () => resolve());
    });
    port = (current.server.address() as AddressInfo).port;
  };
  await listen();

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, subject, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(
          (m) => !returned.has(m) && recipients(m).includes(to.toLowerCase()) && (!subject || subject.test(m.subject ?? '')),
        );
        if (mail) {
          returned.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    start: listen,
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
