/**
 * An import file is held to the API's own bounds: a habit is worth 1–100 XP, and one completion
 * holds at most what a frequency change can merge into it (a year of the richest habit), with
 * never more points than half its XP. A hand-edited file can no longer mint XP or points the app
 * itself never hands out. Dates and instants take the
 * API's years (1900–2200).
 */
import {
  type BackupCompletion,
  type BackupFile,
  type BackupHabit,
} from '@habitquest/core/backup/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { backupCompletion, backupFileOf, backupHabit, exportOf } from '../../test/backup-fixture';

const habit = (overrides: Partial<BackupHabit> = {}): BackupHabit =>
  backupHabit({ name: 'Read', ...overrides });
const completion = (overrides: Partial<BackupCompletion> = {}): BackupCompletion =>
  backupCompletion('2024-03-01', overrides);
const fileWith = (habits: BackupHabit[]): BackupFile =>
  backupFileOf({ habits, totalXP: 0, points: 0 });

describe.each(DATABASE_KINDS)('import bounds on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  const refusals: [string, BackupHabit, string][] = [
    [
      'a habit worth 1,000 XP',
      habit({ xpOnComplete: 1000 }),
      'habits[0].xpOnComplete: must be a whole number from 1 to 100',
    ],
    [
      'a habit worth 101 XP',
      habit({ xpOnComplete: 101 }),
      'habits[0].xpOnComplete: must be a whole number from 1 to 100',
    ],
    [
      'a completion worth more than a merged year of the richest habit',
      habit({ completions: [completion({ xpEarned: 37_201, pointsEarned: 0 })] }),
      'habits[0].completions[0].xpEarned: must be a whole number from 0 to 37200',
    ],
    [
      'a completion worth 1,000 points for 10 XP',
      habit({ completions: [completion({ pointsEarned: 1000 })] }),
      'habits[0].completions[0].pointsEarned: must be at most half of xpEarned, rounded down (1 point for every 2 XP)',
    ],
    [
      'a completion worth 51 points for 100 XP',
      habit({ completions: [completion({ xpEarned: 100, pointsEarned: 51 })] }),
      'habits[0].completions[0].pointsEarned: must be at most half of xpEarned, rounded down (1 point for every 2 XP)',
    ],
    [
      'a completion dated 9999-12-31',
      habit({
        completions: [completion({ completionDate: '9999-12-31', periodKey: '9999-12-31' })],
      }),
      'habits[0].completions[0].completionDate: must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)',
    ],
    // Dates that are no day at all: they took the whole process down (the period check threw,
    // and the retry on the main thread threw again, uncaught).
    [
      'a completion dated February 30th',
      habit({
        completions: [completion({ completionDate: '2026-02-30', periodKey: '2026-02-30' })],
      }),
      'habits[0].completions[0].completionDate: must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)',
    ],
    [
      'a completion dated in month 13',
      habit({
        completions: [completion({ completionDate: '2026-13-01', periodKey: '2026-13-01' })],
      }),
      'habits[0].completions[0].completionDate: must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)',
    ],
    // The API's schedule rule: such a habit could never be edited after it came in.
    [
      'a one-time habit without a date',
      habit({ isRecurring: false, specificDate: null }),
      'habits[0].specificDate: A specific habit needs a date: set specificDate or make it recurring',
    ],
    [
      'a recurring habit with a date',
      habit({ isRecurring: true, specificDate: '2024-03-01' }),
      'habits[0].specificDate: A recurring habit has no specific date: clear specificDate or set isRecurring false',
    ],
    [
      'a habit created in year 1',
      habit({ createdAt: '0001-01-01T00:00:00.000Z' }),
      'habits[0].createdAt: must be a date and time in the years 1900 to 2200',
    ],
  ];

  it.each(refusals)('refuses %s with 400 and changes nothing', async (_name, bad, message) => {
    const { client } = await signUp(server);
    const before = await exportOf(client);
    for (const mode of ['replace', 'merge']) {
      const answer = await client.post('/api/import', { mode, data: fileWith([bad]) });
      expect(answer.status, mode).toBe(400);
      expect(answer.body, mode).toEqual({
        error: { code: 'VALIDATION', message: 'Invalid backup file', errors: [message] },
      });
    }
    expect((await exportOf(client)).data).toEqual(before.data);
    // The server is still there for everyone.
    expect((await client.get('/api/health')).status).toBe(200);
  });

  it('imports the largest values the app itself gives out', async () => {
    const { client } = await signUp(server);
    const richest = habit({
      xpOnComplete: 100,
      completions: [completion({ xpEarned: 100, pointsEarned: 50 })],
    });
    const answer = await client.post('/api/import', { mode: 'merge', data: fileWith([richest]) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      summary: { habits: 1, completions: 1, xp: 100, points: 50 },
    });
  });
});
