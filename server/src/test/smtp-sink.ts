/**
 * A real SMTP server on loopback for mail tests (design.md: no mocks of mail). It parses what arrives with
 * mailparser. `stop()` takes it down (connections are refused, as with a relay that is down) and `start()`
 * brings it back on the same port. `misbehave()` makes it take the next mails and then, instead of its 250 reply,
 * drop the connection or hold the reply until `release()` (a relay whose answer is lost, or a sender that dies
 * mid-send): the mail counts as received either way.
 */
import { EventEmitter } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
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
  /** The next `count` mails are received, then their connection is dropped (`drop`) or their reply held (`hold`). */
  misbehave(mode: 'drop' | 'hold', count?: number): void;
  /** Sends the held replies (250). */
  release(): void;
}

const recipients = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase()));

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const returned = new Set<ParsedMail>();
  let port = 0;
  let server: SMTPServer | undefined;
  const misbehaviour: Array<'drop' | 'hold'> = [];
  const held: Array<() => void> = [];
  const sockets = new Set<Socket>();
  /** Told of each mail as it arrives: the waiting `waitFor` calls. */
  const arrivals = new EventEmitter();

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            arrivals.emit('mail');
            const mode = misbehaviour.shift();
            if (mode === 'hold') held.push(() => callback());
            else if (mode === 'drop') {
              for (const socket of sockets) if (socket.remotePort === session.remotePort) socket.destroy();
            } else callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    const current = server;
    current.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
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
    waitFor(to, subject, timeoutMs = 5000) {
      const take = () => {
        const mail = received.find((m) => !returned.has(m) && recipients(m).includes(to.toLowerCase()) && (!subject || subject.test(m.subject ?? '')));
        if (mail) returned.add(mail);
        return mail;
      };
      return new Promise<ParsedMail>((resolve, reject) => {
        const look = () => {
          const mail = take();
          if (!mail) return;
          stop();
          resolve(mail);
        };
        // The bound of the wait, not the wait: it ends with the mail's arrival.
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`no mail to ${to} arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        const stop = () => {
          clearTimeout(timer);
          arrivals.off('mail', look);
        };
        arrivals.on('mail', look);
        look();
      });
    },
    start: listen,
    misbehave(mode, count = 1) {
      for (let i = 0; i < count; i++) misbehaviour.push(mode);
    },
    release() {
      for (const reply of held.splice(0)) reply();
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
