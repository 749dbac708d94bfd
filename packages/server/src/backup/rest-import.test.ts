/**
 * Export and import carry rest days (docs/product.md "Export and import"): skips, pauses and
 * vacations go into the file, a replace brings them back with the habits' new ids so every streak
 * stays the same, a merge keeps both sides' (a skip of a period the merge completes goes), a file
 * from before rest days has none, and bad rest data is refused with nothing changed.
 */
import { MAX_VACATION_DAYS } from '@habitquest/contracts/rest';
import {
  MAX_BACKUP_VACATION_DAYS,
  type BackupData,
  type BackupFile,
} from '@habitquest/core/backup/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOf, restOf, withoutIds } from '../../test/backup-fixture';
import { userIdOf } from '../../test/rewards-support';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';

const TODAY = '2026-06-15'; // a Monday; weeks start on Sunday (the default)
const NOW = new Date(`${TODAY}T12:00:00Z`);

type HabitJson = {
  id: string;
  title: string;
  streak: number;
  pause: { startsOn: string; resumesOn: string | null } | null;
};

async function habit(client: TestClient, title: string, frequency = 'daily'): Promise<string> {
  const response = await client.post('/api/habits', { title, frequency });
  expect(response.status).toBe(201);
  return String(response.body.id);
}

async function complete(client: TestClient, habitId: string, ...dates: string[]): Promise<void> {
  for (const date of dates) {
    const response = await client.request('PUT', `/api/habits/${habitId}/completions/${date}`, {
      completed: true,
    });
    expect(response.status).toBe(200);
  }
}

async function skip(client: TestClient, habitId: string, date: string): Promise<void> {
  const response = await client.request('PUT', `/api/habits/${habitId}/skips/${date}`, {
    skipped: true,
  });
  expect(response.status).toBe(200);
}

/** Each habit's streak and pause by title, and the day streak and vacation of GET /api/me. */
async function streaksOf(client: TestClient) {
  const habits = (await client.get('/api/habits')).body as unknown as HabitJson[];
  const me = (await client.get('/api/me')).body as {
    progress: { streak: number };
    vacation: unknown;
  };
  return {
    habits: Object.fromEntries(
      habits.map((row) => [row.title, { streak: row.streak, pause: row.pause }]),
    ),
    dayStreak: me.progress.streak,
    vacation: me.vacation,
  };
}

async function skipsOf(client: TestClient) {
  const response = await client.get('/api/skips?from=2026-01-01&to=2026-12-31');
  expect(response.status).toBe(200);
  return response.body as unknown as { habitId: string; date: string }[];
}

/** The file's data with some fields replaced; its checksum then only warns. */
function edited(file: BackupFile, changes: Partial<BackupData>): BackupFile {
  return { ...file, data: { ...file.data, ...changes } };
}

describe.each(DATABASE_KINDS)('rest days in export and import on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  /**
   * Walk (daily): done the 8th, 9th, 11th, 14th and 15th, the 10th skipped. Read (daily): done
   * the 13th and 14th, paused from today. Plan (weekly): done the week of the 1st, the next week
   * skipped. A vacation from the 12th to the 20th.
   */
  async function restingUser() {
    const { client } = await signUp(server);
    const walk = await habit(client, 'Walk');
    const read = await habit(client, 'Read');
    const plan = await habit(client, 'Plan', 'weekly');
    await complete(client, walk, '2026-06-08', '2026-06-09', '2026-06-11', '2026-06-14', TODAY);
    await skip(client, walk, '2026-06-10');
    await complete(client, read, '2026-06-13', '2026-06-14');
    await complete(client, plan, '2026-06-01');
    await skip(client, plan, '2026-06-09');
    const vacation = { startsOn: '2026-06-12', endsOn: '2026-06-20' };
    expect((await client.request('PUT', '/api/vacation', vacation)).status).toBe(200);
    const paused = await client.request('PUT', `/api/habits/${read}/pause`, { resumesOn: null });
    expect(paused.status).toBe(200);
    return { client, ids: { walk, read, plan } };
  }

  it('export → replace into a new account keeps skips, pauses, vacations and every streak', async () => {
    const source = await restingUser();
    const before = await streaksOf(source.client);
    // What the rest days hold up: without them Walk's streak would be 2 and Plan's 0.
    expect(before).toEqual({
      habits: {
        Walk: { streak: 5, pause: null },
        Read: { streak: 2, pause: { startsOn: TODAY, resumesOn: null } },
        Plan: { streak: 1, pause: null },
      },
      dayStreak: before.dayStreak,
      vacation: { startsOn: '2026-06-12', endsOn: '2026-06-20' },
    });
    expect(before.dayStreak).toBeGreaterThanOrEqual(4);
    const file = await exportOf(source.client);
    const { walk, read, plan } = source.ids;
    expect(file.data.skips).toEqual([
      { habitId: plan, date: '2026-06-09' },
      { habitId: walk, date: '2026-06-10' },
    ]);
    expect(file.data.pauses).toEqual([{ habitId: read, startsOn: TODAY, endsOn: null }]);
    expect(file.data.vacations).toEqual([{ startsOn: '2026-06-12', endsOn: '2026-06-20' }]);
    expect(file.version).toBe('4.0.0');

    const { client } = await signUp(server);
    const answer = await client.post('/api/import', { mode: 'replace', data: file });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ warnings: [] });
    expect(await streaksOf(client)).toEqual(before);
    const copy = await exportOf(client);
    expect(withoutIds(copy.data)).toEqual(withoutIds(file.data));
    // The skips name the new account's own habits.
    const ownIds = new Set(copy.data.habits.map((row) => row.id));
    const skips = await skipsOf(client);
    expect(skips).toHaveLength(2);
    expect(
      skips.every(
        (row) => ownIds.has(row.habitId) && !Object.values(source.ids).includes(row.habitId),
      ),
    ).toBe(true);

    // A file from before rest days (no such fields) replaces them with none.
    const older: Partial<BackupData> = { ...file.data };
    delete older.skips;
    delete older.pauses;
    delete older.vacations;
    const plain = await client.post('/api/import', {
      mode: 'replace',
      data: { ...file, data: older },
    });
    expect(plain.status).toBe(200);
    expect(await skipsOf(client)).toEqual([]);
    expect((await exportOf(client)).data).toMatchObject({ skips: [], pauses: [], vacations: [] });
    const after = await streaksOf(client);
    expect(after).toMatchObject({
      habits: {
        Walk: { streak: 2, pause: null },
        // Today is still open: its streak runs to yesterday, pause or not.
        Read: { streak: 2, pause: null },
        Plan: { streak: 0, pause: null },
      },
      vacation: null,
    });
    expect(after.dayStreak).toBeLessThan(before.dayStreak);
  });

  it("merge keeps both sides' rest days and drops a skip the merge completes", async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const walk = await habit(client, 'Walk');
    await complete(client, walk, '2026-06-14', TODAY);
    await skip(client, walk, '2026-06-13');
    const ahead = { startsOn: '2026-06-20', endsOn: '2026-06-25' };
    expect((await client.request('PUT', '/api/vacation', ahead)).status).toBe(200);
    const own = await exportOf(client);
    const [walkInFile] = own.data.habits;
    if (!walkInFile) throw new Error('no habit exported');

    // Another device completed the 13th and skipped the 12th; it also has a habit of its own
    // (an id that is no uuid gets one of this user's), a pause and an older vacation.
    const file = edited(own, {
      habits: [
        {
          ...walkInFile,
          completions: [
            {
              completionDate: '2026-06-13',
              periodKey: '2026-06-13',
              xpEarned: walkInFile.xpOnComplete,
              pointsEarned: Math.floor(walkInFile.xpOnComplete / 2),
              completedAt: '2026-06-13T08:00:00.000Z',
            },
            ...walkInFile.completions,
          ],
        },
        { ...walkInFile, id: 'phone-habit', name: 'Stretch', completions: [] },
      ],
      skips: [
        { habitId: walk, date: '2026-06-12' },
        { habitId: 'phone-habit', date: '2026-06-10' },
      ],
      pauses: [{ habitId: walk, startsOn: '2026-06-01', endsOn: '2026-06-05' }],
      vacations: [{ startsOn: '2026-05-01', endsOn: '2026-05-03' }, ahead],
    });
    const answer = await client.post('/api/import', { mode: 'merge', data: file });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ summary: { habits: 1, completions: 1 } });

    const merged = await exportOf(client);
    const stretch = merged.data.habits.find((row) => row.name === 'Stretch')?.id;
    expect(stretch).toMatch(/^[0-9a-f-]{36}$/);
    // The 13th is done now, so its skip is gone; the 12th and the phone's skip are added.
    expect(merged.data.skips).toEqual([
      { habitId: stretch, date: '2026-06-10' },
      { habitId: walk, date: '2026-06-12' },
    ]);
    expect(merged.data.pauses).toEqual([
      { habitId: walk, startsOn: '2026-06-01', endsOn: '2026-06-05' },
    ]);
    // The vacation both sides had is there once.
    expect(merged.data.vacations).toEqual([
      { startsOn: '2026-05-01', endsOn: '2026-05-03' },
      ahead,
    ]);
    expect((await restOf(server.database.db, userId)).vacations).toEqual([
      '2026-05-01..2026-05-03',
      '2026-06-20..2026-06-25',
    ]);
    // Done the 13th to the 15th, the 12th skipped, the 11th not done.
    expect((await streaksOf(client)).habits.Walk).toEqual({ streak: 3, pause: null });

    // Merging the same file again changes nothing.
    const again = await client.post('/api/import', { mode: 'merge', data: file });
    expect(again.status).toBe(200);
    expect((await exportOf(client)).data).toEqual(merged.data);
  });

  it('refuses bad rest days with a clear VALIDATION error and changes nothing', async () => {
    // The file's bound is the API's.
    expect(MAX_BACKUP_VACATION_DAYS).toBe(MAX_VACATION_DAYS);
    const { client, ids } = await restingUser();
    const userId = await userIdOf(client);
    const file = await exportOf(client);
    const restBefore = await restOf(server.database.db, userId);
    const refusals: [string, Partial<BackupData>, string][] = [
      [
        'a skip of a habit not in the file',
        { skips: [{ habitId: 'ghost', date: '2026-06-01' }] },
        'skips[0].habitId: names a habit that is not in the file (ghost)',
      ],
      [
        'a pause that ends before it starts',
        { pauses: [{ habitId: ids.read, startsOn: '2026-06-10', endsOn: '2026-06-09' }] },
        'pauses[0].endsOn: must not be before startsOn',
      ],
      [
        'a vacation on a day that does not exist',
        { vacations: [{ startsOn: '2026-02-30', endsOn: '2026-03-02' }] },
        'vacations[0].startsOn: must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)',
      ],
      [
        'a vacation longer than a year',
        { vacations: [{ startsOn: '2026-01-01', endsOn: '2027-01-02' }] },
        'vacations[0].endsOn: must be at most 366 days after startsOn, both included',
      ],
      [
        'a skip twice',
        {
          skips: [
            { habitId: ids.walk, date: '2026-06-10' },
            { habitId: ids.walk, date: '2026-06-10' },
          ],
        },
        'skips[1].date: appears twice',
      ],
    ];
    for (const [name, changes, message] of refusals) {
      for (const mode of ['replace', 'merge']) {
        const answer = await client.post('/api/import', { mode, data: edited(file, changes) });
        expect(answer.status, `${name} (${mode})`).toBe(400);
        expect(answer.body, `${name} (${mode})`).toEqual({
          error: { code: 'VALIDATION', message: 'Invalid backup file', errors: [message] },
        });
      }
    }
    expect(await restOf(server.database.db, userId)).toEqual(restBefore);
    expect((await exportOf(client)).data).toEqual(file.data);
  });
});
