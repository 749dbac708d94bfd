import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, waitFor, type SmtpSink } from '../../test/mail-sink';
import { createLogger } from '../logger';
import { backgroundMailer } from './background-mail';
import { createMailer } from './mailer';

const mail = { to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };

describe('mail sent in the background', () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('settles only once the mail server has taken the mail', async () => {
    const logger = createLogger('silent');
    const mailer = backgroundMailer(
      createMailer({
        smtpUrl: `smtp://127.0.0.1:${String(sink.port)}`,
        from: 'quests@habitquest.test',
        outboxDir: tmpdir(),
        logger,
      }),
      logger,
    );
    sink.hold();
    mailer.send(mail);
    let isSettled = false;
    const settling = mailer.settled(60_000).then(() => {
      isSettled = true;
    });
    await waitFor(() => sink.held.find((held) => held.to.includes(mail.to)), 'the mail');
    expect(isSettled).toBe(false);
    sink.release();
    await settling;
    expect(sink.received.filter((received) => received.to.includes(mail.to))).toHaveLength(1);
  });

  it('logs a mail that fails, and settles all the same', async () => {
    const lines: string[] = [];
    const logger = createLogger('error', { write: (line: string) => void lines.push(line) });
    const mailer = backgroundMailer(
      {
        send: () => {
          throw new Error('no mail today');
        },
      },
      logger,
    );
    expect(() => {
      mailer.send(mail);
    }).not.toThrow();
    await mailer.settled(60_000);
    const logged = lines.map(
      (line) => JSON.parse(line) as { msg: string; to?: string; err?: { message?: string } },
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.msg).toBe('could not send a mail');
    expect(logged[0]?.to).toBe(mail.to);
    expect(logged[0]?.err?.message).toBe('no mail today');
  });

  it('writes a mail given as a function after the call, and logs one that could not be written', async () => {
    const lines: string[] = [];
    const logger = createLogger('error', { write: (line: string) => void lines.push(line) });
    const sent: string[] = [];
    const mailer = backgroundMailer(
      {
        send: (written) => {
          sent.push(written.subject);
          return Promise.resolve();
        },
      },
      logger,
    );
    let isAsked = false;
    mailer.send(() => {
      isAsked = true;
      return Promise.resolve({ ...mail, subject: 'Written later' });
    });
    // Not even the words are read before the caller has answered.
    expect(isAsked).toBe(false);
    mailer.send(() => Promise.reject(new Error('no words today')));
    await mailer.settled(60_000);
    expect(sent).toEqual(['Written later']);
    const logged = lines.map(
      (line) => JSON.parse(line) as { msg: string; err?: { message?: string } },
    );
    expect(logged.map((line) => [line.msg, line.err?.message])).toEqual([
      ['could not send a mail', 'no words today'],
    ]);
  });
});
