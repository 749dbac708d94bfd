import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createMailer } from './mailer';

describe('the outbox mailer (no SMTP_URL)', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps every mail whole, in a file of its own, even when many go to one address at once', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hq-outbox-'));
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'quests@habitquest.test',
      outboxDir,
      logger: createLogger('silent'),
    });
    const texts = Array.from({ length: 20 }, (_, n) => `Mail number ${String(n)}.`);
    await Promise.all(
      texts.map((text) =>
        mailer.send({ to: 'same@example.com', subject: 'Hello', text, html: `<p>${text}</p>` }),
      ),
    );
    const names = await readdir(outboxDir);
    // Nothing but the mails: no partly written file is left behind.
    expect(names.filter((name) => !name.endsWith('.eml'))).toEqual([]);
    expect(names).toHaveLength(texts.length);
    const bodies = await Promise.all(
      names.map((name) => readFile(path.join(outboxDir, name), 'utf8')),
    );
    for (const text of texts) {
      const body = bodies.find((candidate) => candidate.includes(`${text}\n`));
      expect(body).toBe(
        `From: quests@habitquest.test\nTo: same@example.com\nSubject: Hello\n\n${text}\n`,
      );
    }
  });
});
