/** Reading the mail a test server sent: a real SMTP server, and waits with a deadline. */
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { Mail } from '../src/mail/mailer';

export type SinkMail = { from: string; to: string[]; raw: string };

export type SmtpSink = {
  port: number;
  /** Mails accepted, oldest first. */
  received: SinkMail[];
  /** Mails whose whole message arrived while held, not yet answered. */
  held: SinkMail[];
  /** From now on, a mail's message is read but not answered until `release`. */
  hold: () => void;
  /** Accepts the held mails, and every later one at once. */
  release: () => void;
  close: () => Promise<void>;
};

/** A real SMTP server on a random local port that keeps what it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: SinkMail[] = [];
  const held: SinkMail[] = [];
  const waiting: (() => void)[] = [];
  let isHolding = false;
  const sink = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise try STARTTLS with an unknown certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: SinkMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const accept = (): void => {
          received.push(mail);
          callback();
        };
        if (!isHolding) {
          accept();
          return;
        }
        held.push(mail);
        waiting.push(() => {
          held.splice(held.indexOf(mail), 1);
          accept();
        });
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const listening = sink.listen(0, '127.0.0.1', () => {
      resolve((listening.address() as AddressInfo).port);
    });
  });
  return {
    port,
    received,
    held,
    hold: () => {
      isHolding = true;
    },
    release: () => {
      isHolding = false;
      for (const accept of waiting.splice(0)) accept();
    },
    close: () =>
      new Promise<void>((resolve) => {
        sink.close(() => {
          resolve();
        });
      }),
  };
}

/** Polls `read` until it gives a value; rejects after about five seconds. */
export async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The first mail to `to` among those a test server sent after the first `after` (TestServer's
 * `mails`): mail goes out after the answer, so it may arrive a moment later.
 */
export function mailSent(server: { mails: Mail[] }, to: string, after: number): Promise<Mail> {
  return waitFor(() => server.mails.slice(after).find((mail) => mail.to === to), `a mail to ${to}`);
}

/**
 * The text of the first whole mail in `dataDir`'s outbox. Mail goes out after the answer and is
 * renamed to `.eml` only once written, so this waits for that file rather than reading the folder.
 */
export async function outboxMail(dataDir: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const file = await waitFor(() => {
    try {
      return readdirSync(outbox).find((name) => name.endsWith('.eml'));
    } catch {
      return undefined;
    }
  }, 'a mail in the outbox');
  return readFileSync(path.join(outbox, file), 'utf8');
}
