import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import type { BackupData, BackupHabit } from '@habitquest/core/backup/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import {
  backupFileOf as fileOf,
  backupHabit,
  everyDay,
  exportOf,
  seedUser,
  stateOf,
  withoutIds,
} from '../../test/backup-fixture';
import { userIdOf } from '../../test/rewards-support';
import { HttpError } from '../http/errors';
import { importData } from './import-data';
import { MAX_NESTING } from './prepare-import';

/** `count` daily habits, each completed every day for `days` days from 2020-01-01. */
function history(count: number, days: number, tag: string): BackupHabit[] {
  return Array.from({ length: count }, (_, index) =>
    backupHabit({
      id: `${tag}-habit-${index}`,
      name: `${tag} habit ${index}`,
      createdAt: '2020-01-01T00:00:00.000Z',
      completions: everyDay('2020-01-01', days, '07:30:00'),
    }),
  );
}

/** `value` wrapped in `levels` objects: { a: { a: … value } }. */
function nested(levels: number, value: unknown = 1): unknown {
  let result = value;
  for (let level = 0; level < levels; level += 1) result = { a: result };
  return result;
}

describe.each(DATABASE_KINDS)('large, deep and repeated imports on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('imports thousands of completions in bulk, and a merge adds only what is new', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    // 12 habits × 500 days: 6,000 completions, past several of the writer's bulk chunks.
    const habits = history(12, 500, 'bulk');
    const completions = 12 * 500;
    const file = fileOf({ habits, points: 5 * completions, totalXP: 10 * completions });

    const replaced = await client.post('/api/import', { mode: 'replace', data: file });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ summary: { habits: 12, completions } });
    const afterReplace = await stateOf(server.database.db, userId);
    expect(afterReplace).toMatchObject({
      habits: 12,
      completions,
      progress: { xp: 10 * completions, points: 5 * completions },
    });
    expect(afterReplace.ledger).toMatchObject(afterReplace.progress);
    const habitsOf = (data: BackupData) => (withoutIds(data) as { habits: unknown }).habits;
    expect(habitsOf((await exportOf(client)).data)).toEqual(habitsOf(file.data));

    // The same file again adds nothing and writes no completion twice.
    const again = await client.post('/api/import', { mode: 'merge', data: file });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ summary: { habits: 0, completions: 0, xp: 0, points: 0 } });
    expect(await stateOf(server.database.db, userId)).toMatchObject({
      completions,
      progress: afterReplace.progress,
    });

    // A longer history of the same habits: only the 100 later days of each are added.
    const longer = fileOf({ habits: history(12, 600, 'bulk') });
    const merged = await client.post('/api/import', { mode: 'merge', data: longer });
    expect(merged.body).toMatchObject({
      summary: { habits: 0, completions: 1200, xp: 12_000, points: 6000 },
    });
    const afterMerge = await stateOf(server.database.db, userId);
    expect(afterMerge).toMatchObject({
      habits: 12,
      completions: 12 * 600,
      progress: { xp: 10 * 12 * 600, points: 5 * 12 * 600 },
    });
    expect(afterMerge.ledger).toMatchObject(afterMerge.progress);
  });

  it('merges into data changed since the import was prepared without losing either side', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    await seedUser(server.database.db, userId, 'M');
    const file = fileOf({ habits: history(3, 50, 'other') });
    // Two merges at once: each is prepared from a snapshot that the other may change before it
    // writes, and must notice.
    const answers = await Promise.all([
      client.post('/api/import', { mode: 'merge', data: file }),
      client.post('/api/import', { mode: 'merge', data: file }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const state = await stateOf(server.database.db, userId);
    // The seeded three habits and the file's three, each once, with every completion once.
    expect(state).toMatchObject({ habits: 6, completions: 4 + 150 });
    expect(state.ledger).toMatchObject(state.progress);
    expect(state.progress.xp).toBe(120 + 1500);
  });

  it('allows five imports per user in ten minutes, then answers 429 and changes nothing', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const file = fileOf({ habits: history(1, 3, 'limit'), points: 15, totalXP: 30 });
    // A broken file is refused before it counts.
    const broken = await client.post('/api/import', { data: { ...file, version: '3.0.0' } });
    expect(broken.status).toBe(400);
    for (let index = 0; index < 5; index += 1) {
      const mode = index % 2 === 0 ? 'replace' : 'merge';
      expect((await client.post('/api/import', { mode, data: file })).status).toBe(200);
    }
    const before = await stateOf(server.database.db, userId);
    const refused = await client.post('/api/import', {
      mode: 'replace',
      data: fileOf({ habits: history(2, 3, 'late') }),
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(
          /^Too many imports: at most 5 every 10 minutes\. Please try again in \d+ minutes?\.$/,
        ) as unknown,
        retryAfter: expect.any(Number) as unknown,
      },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stateOf(server.database.db, userId)).toEqual(before);

    // The limit is the user's own: someone else imports as usual.
    const other = await signUp(server);
    expect((await other.client.post('/api/import', { data: file })).status).toBe(200);
  });

  it('counts every attempt, broken files too, before a file is checked', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const { db } = server.database;
    const file = fileOf({ habits: history(1, 3, 'attempts') });
    const attempts = { windowMs: 60_000, max: 2 };
    const attempt = (body: string) =>
      importData({ db, userId, body, now: Date.now(), attempts }).then(
        () => 200,
        (error: unknown) => error,
      );
    // Two broken files use up the attempts (the five imports a window count only good ones).
    for (const body of ['not json', JSON.stringify({ data: { ...file, version: '3.0.0' } })]) {
      expect(await attempt(body)).toMatchObject({ code: 'VALIDATION' });
    }
    const before = await stateOf(db, userId);
    const refused = await attempt(JSON.stringify({ mode: 'replace', data: file }));
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many import attempts: at most 30 every 10 minutes, valid files or not\. Please try again in \d+ minutes?\.$/,
      ) as unknown,
      headers: { 'Retry-After': expect.stringMatching(/^\d+$/) as unknown },
    });
    expect(await stateOf(db, userId)).toEqual(before);
  });

  it('refuses a file nested deeper than the limit with 400, before the checksum is computed', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const before = await exportOf(client);
    // Written as text: the checksum, and JSON.stringify itself, would overflow this stack too.
    const shallow = fileOf({ settings: { ...DEFAULT_SETTINGS, extra: 'DEEP' } });
    const deep = JSON.stringify({ mode: 'merge', data: shallow }).replace(
      '"DEEP"',
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    );
    const answer = await client.post('/api/import', deep);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: {
        code: 'VALIDATION',
        message: 'Invalid backup file',
        errors: [
          `settings.extra.a.a.a…: objects and lists are nested more than ${MAX_NESTING} levels deep, which no backup is`,
        ],
      },
    });
    expect((await exportOf(client)).data).toEqual(before.data);

    // Anywhere in the file: here inside a habit's completion.
    const [habit] = history(1, 1, 'deep');
    if (!habit?.completions[0]) throw new Error('no habit');
    const completion = { ...habit.completions[0], note: nested(40) };
    const inHabit = fileOf({ habits: [{ ...habit, completions: [completion] }] });
    const refused = await client.post('/api/import', { data: inHabit });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { errors: [expect.stringMatching(/^habits\[0\]\.completions\[0\]\.note…: objects/)] },
    });

    // The file itself is level 1 and settings level 3, so settings may hold 29 more levels.
    const settingsAt = (levels: number) => ({ ...DEFAULT_SETTINGS, extra: nested(levels) });
    const past = await client.post('/api/import', {
      data: fileOf({ settings: settingsAt(MAX_NESTING - 2) }),
    });
    expect(past.status).toBe(400);
    const accepted = await client.post('/api/import', {
      data: fileOf({ settings: settingsAt(MAX_NESTING - 3) }),
    });
    expect(accepted.status).toBe(200);
    const state = await stateOf(server.database.db, userId);
    expect(state.ledger).toMatchObject(state.progress);
  });
});
