import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import { outboxMail, startSmtpSink, waitFor, type SmtpSink } from '../../test/mail-sink';
import { createLogger } from '../logger';

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

async function requestReset(server: TestServer, email: string) {
  return new TestClient(server.url).post('/api/auth/request-password-reset', {
    email,
    redirectTo: '/auth/update-password',
  });
}

/** What an answer tells a client: its status, body and headers, but for its date and id. */
function answerOf(response: { status: number; body: unknown; headers: Headers }) {
  const headers = [...response.headers].filter(
    ([name]) => name !== 'date' && name !== 'x-request-id',
  );
  return { status: response.status, body: response.body, headers };
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
  let sink: SmtpSink;
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

  it('answers a known and an unknown address alike, without waiting for the mail', async () => {
    const { email } = await signUp(server);
    const unknownEmail = `nobody-${email}`;
    // The sink reads the mail but does not answer it: an answer that waited for the mail server
    // would not come back until the release below.
    sink.hold();
    try {
      const unknown = answerOf(await requestReset(server, unknownEmail));
      const known = answerOf(await requestReset(server, email));
      expect(known).toEqual(unknown);
      expect(known.status).toBe(200);
      expect(sink.received.filter((mail) => mail.to.includes(email))).toEqual([]);
      await waitFor(
        () => sink.held.find((mail) => mail.to.includes(email)),
        'the reset mail to reach the SMTP server',
      );
    } finally {
      sink.release();
    }
    const mail = await waitFor(
      () => sink.received.find((received) => received.to.includes(email)),
      'the reset mail',
    );
    expect(mail.raw).toMatch(/^Subject: Reset your HabitQuest password\r?$/m);
    expect(sink.received.filter((received) => received.to.includes(unknownEmail))).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('a reset mail that cannot be sent on %s', (kind) => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    // A port nothing listens on: every mail fails to connect.
    const gone = await startSmtpSink();
    await gone.close();
    server = await startTestServer(kind, {
      realMail: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${gone.port}` },
      logger: createLogger('warn', { write: (line: string) => void lines.push(line) }),
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is logged, and the answer is the one any address gets', async () => {
    const { email } = await signUp(server);
    const unknown = answerOf(await requestReset(server, `nobody-${email}`));
    const known = answerOf(await requestReset(server, email));
    expect(known).toEqual(unknown);
    const logged = await waitFor(
      () =>
        lines
          .map((line) => JSON.parse(line) as { msg: string; to?: string; err?: unknown })
          .find((entry) => entry.msg === 'could not send a mail' && entry.to === email),
      'the failure in the log',
    );
    expect(logged.err).toBeTruthy();
    // The server still answers.
    expect((await new TestClient(server.url).get('/api/health')).status).toBe(200);
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
    await new TestClient(server.url).post('/api/auth/request-password-reset', { email });
    const text = await outboxMail(server.config.dataDir);
    expect(text).toContain(`To: ${email}`);
    expect(text).toContain('Subject: Reset your HabitQuest password');
    await completeReset(server, email, resetToken(text, server.config.publicUrl));
  });
});
