import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';

type SinkMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on a random local port that keeps what it receives. */
async function startSmtpSink() {
  const received: SinkMail[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise try STARTTLS with an unknown certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
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
    close: () =>
      new Promise<void>((resolve) => {
        sink.close(() => {
          resolve();
        });
      }),
  };
}

/** Undoes quoted-printable soft breaks and escapes, the encoding mail bodies travel in. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The reset link of a mail, checked to point at PUBLIC_URL/auth/update-password. */
function resetToken(text: string, publicUrl: string): string {
  const match = /(https?:\/\/[^\s"<]+)\/auth\/update-password\?token=([^\s"<&]+)/.exec(text);
  if (!match?.[2]) throw new Error(`no reset link in: ${text}`);
  expect(match[1]).toBe(publicUrl);
  return decodeURIComponent(match[2]);
}

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Requests a reset, completes it with `token`, and checks only the new password works. */
async function completeReset(server: TestServer, email: string, token: string) {
  const client = new TestClient(server.url);
  const reset = await client.post('/api/auth/reset-password', {
    token,
    newPassword: 'new secret 42',
  });
  expect(reset.status).toBe(200);
  expect(
    (await client.post('/api/auth/sign-in/email', { email, password: 'correct horse' })).status,
  ).toBe(401);
  const signedIn = new TestClient(server.url);
  expect(
    (await signedIn.post('/api/auth/sign-in/email', { email, password: 'new secret 42' })).status,
  ).toBe(200);
  expect((await signedIn.get('/api/me')).body).toMatchObject({ user: { email } });
}

describe.each(DATABASE_KINDS)('password-reset mail through SMTP on %s', (kind) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: TestServer;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(kind, {
      realMail: true,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        MAIL_FROM: 'HabitQuest <quests@habitquest.test>',
      },
    });
  });
  afterAll(async () => {
    await server.stop();
    await sink.close();
  });

  it('delivers the mail to the SMTP server, and its link resets the password', async () => {
    const { email } = await signUp(server);
    const requested = await new TestClient(server.url).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/update-password',
    });
    expect(requested.status).toBe(200);
    const mail = await waitFor(
      () => sink.received.find((received) => received.to.includes(email)),
      'the reset mail',
    );
    expect(mail.from).toBe('quests@habitquest.test');
    expect(mail.raw).toMatch(/^Subject: Reset your HabitQuest password\r?$/m);
    expect(mail.raw).toMatch(/^From: HabitQuest <quests@habitquest\.test>\r?$/m);
    expect(server.mails).toEqual([]);
    await completeReset(
      server,
      email,
      resetToken(decodeQuotedPrintable(mail.raw), server.config.publicUrl),
    );
  });
});

describe.each(DATABASE_KINDS)('password-reset mail without SMTP on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { realMail: true });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('writes the mail to DATA_DIR/outbox/, and its link resets the password', async () => {
    const { email } = await signUp(server);
    const outbox = path.join(server.config.dataDir, 'outbox');
    await new TestClient(server.url).post('/api/auth/request-password-reset', { email });
    const file = await waitFor(() => {
      try {
        return readdirSync(outbox).find((name) => name.endsWith('.eml'));
      } catch {
        return undefined;
      }
    }, 'the outbox file');
    const text = readFileSync(path.join(outbox, file), 'utf8');
    expect(text).toContain(`To: ${email}`);
    expect(text).toContain('Subject: Reset your HabitQuest password');
    await completeReset(server, email, resetToken(text, server.config.publicUrl));
  });
});
