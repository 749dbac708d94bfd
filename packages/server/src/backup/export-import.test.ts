import { checksumOf } from '@habitquest/core/backup/checksum';
import type { BackupFile } from '@habitquest/core/backup/schema';
import { validateBackup } from '@habitquest/core/backup/validate';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievements, categories, habits } from '../db/schema';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { openEvents } from '../../test/sse';
import {
  exportOf,
  SEEDED,
  SEEDED_ACHIEVEMENTS,
  SEEDED_REST,
  seedUser,
  stateOf,
  withoutIds,
} from '../../test/backup-fixture';
import { userIdOf } from '../../test/rewards-support';

// 06:05 UTC is 14:05 in Manila: the file name is stamped in the user's own time zone.
const NOW = new Date('2024-05-09T06:05:00.000Z');

describe.each(DATABASE_KINDS)('export and import on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function seededUser(tag: string) {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    await seedUser(server.database.db, userId, tag);
    await client.patch('/api/settings', { timeZone: 'Asia/Manila', weekStart: 1, theme: 'dark' });
    return { client, userId };
  }

  it('exports every seeded item with version, integrity counts and a checksum that validates', async () => {
    const { client } = await seededUser('A');
    const response = await client.get<BackupFile>('/api/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="habitquest-backup-2024-05-09-1405.json"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const file = response.body;
    expect(file).toMatchObject({
      version: '4.0.0',
      source: 'HabitQuest',
      exportedAt: NOW.toISOString(),
      integrity: {
        habits: SEEDED.habits,
        completions: SEEDED.completions,
        categories: SEEDED.categories,
        rewards: SEEDED.rewards,
        inventory: SEEDED.inventory,
        achievements: SEEDED_ACHIEVEMENTS.length,
        skips: SEEDED_REST.skips.length,
        pauses: SEEDED_REST.pauses.length,
        vacations: SEEDED_REST.vacations.length,
      },
    });
    expect(file.checksum).toBe(checksumOf(file.data));
    expect(validateBackup(file)).toMatchObject({ ok: true, warnings: [] });

    const { data } = file;
    expect(data.points).toBe(SEEDED.points);
    expect(data.totalXP).toBe(SEEDED.xp);
    expect(data.settings).toMatchObject({ timeZone: 'Asia/Manila', weekStart: 1, theme: 'dark' });
    expect(data.goals).toMatchObject({
      'READING A': 250,
      CAREER: 500,
      'UNCATEGORIZED HABITS': 100,
    });
    expect(data.categories).toContainEqual({
      name: 'READING A',
      color: '#123456',
      monthlyTargetXp: 250,
      isFallback: false,
    });
    expect(data.categories.filter((category) => category.isFallback)).toEqual([
      { name: 'UNCATEGORIZED HABITS', color: '#6B7280', monthlyTargetXp: 100, isFallback: true },
    ]);
    expect(data.habits.map((habit) => habit.name)).toEqual(['Run A', 'Read A', 'Taxes A']);
    expect(data.habits[0]).toMatchObject({
      frequency: 'daily',
      category: 'HEALTH & FITNESS',
      xpOnComplete: 20,
      icon: 'run',
      createdAt: '2024-01-01T08:00:00.000Z',
      completions: [
        {
          completionDate: '2024-03-01',
          periodKey: '2024-03-01',
          xpEarned: 20,
          pointsEarned: 10,
          completedAt: '2024-03-01T12:00:00.000Z',
        },
        { completionDate: '2024-03-02', periodKey: '2024-03-02' },
      ],
    });
    expect(data.habits[1]).toMatchObject({
      description: 'Twenty pages',
      frequency: 'weekly',
      category: 'READING A',
      completions: [{ completionDate: '2024-03-04', periodKey: '2024-W10', pointsEarned: 15 }],
    });
    expect(data.habits[2]).toMatchObject({
      category: null,
      isRecurring: false,
      specificDate: '2024-04-15',
      completions: [{ periodKey: '2024', xpEarned: 50, pointsEarned: 25 }],
    });
    expect(data.shop).toEqual([
      expect.objectContaining({ name: 'Ice cream A', cost: 10, rarity: 'rare', keepInShop: true }),
      expect.objectContaining({ name: 'Movie night A', cost: 30, description: 'Popcorn too' }),
    ]);
    expect(data.inventory).toEqual([
      {
        id: expect.any(String) as string,
        name: 'Coffee A',
        cost: 5,
        redeemedAt: '2024-03-03T10:00:00.000Z',
        description: null,
        icon: 'cup',
        rarity: null,
      },
    ]);
    // Rest days, by date: each names its habit by the habit's id in the file.
    const [run, read] = data.habits.map((habit) => habit.id);
    expect(data.skips).toEqual([
      { habitId: run, date: '2024-03-03' },
      { habitId: read, date: '2024-03-13' },
    ]);
    expect(data.pauses).toEqual([
      { habitId: read, startsOn: '2024-03-18', endsOn: '2024-03-31' },
      { habitId: run, startsOn: '2024-04-20', endsOn: null },
    ]);
    expect(data.vacations).toEqual(SEEDED_REST.vacations);
  });

  it('keys completions again when a habit changed frequency, so the export still imports', async () => {
    const { client, userId } = await seededUser('W');
    // "Run W" was daily, completed on Friday 1 and Saturday 2 March: one Monday-start week.
    await server.database.db
      .update(habits)
      .set({ frequency: 'weekly' })
      .where(and(eq(habits.userId, userId), eq(habits.name, 'Run W')));
    const file = await exportOf(client);
    expect(file.data.habits[0]?.completions).toEqual([
      expect.objectContaining({ completionDate: '2024-03-01', periodKey: '2024-W09' }),
    ]);
    expect(validateBackup(file)).toMatchObject({ ok: true, warnings: [] });
    // The balances still hold what the left-out completion earned.
    expect(file.data.totalXP).toBe(SEEDED.xp);
  });

  it('export → replace into a new account → export gives the same data apart from ids', async () => {
    const source = await seededUser('B');
    const original = await exportOf(source.client);
    const { client, userId } = await signUp(server).then(async (user) => ({
      client: user.client,
      userId: await userIdOf(user.client),
    }));
    const events = await openEvents(client);
    await events.next('heartbeat');

    const answer = await client.post('/api/import', { mode: 'replace', data: original });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      summary: {
        habits: SEEDED.habits,
        categories: SEEDED.categories,
        rewards: SEEDED.rewards,
        inventory: SEEDED.inventory,
        completions: SEEDED.completions,
        points: SEEDED.points,
        xp: SEEDED.xp,
      },
      warnings: [],
    });
    expect((await events.next('resync')).data).toEqual({ reason: 'import' });
    events.close();

    const copy = await exportOf(client);
    expect(withoutIds(copy.data)).toEqual(withoutIds(original.data));
    // Ids in a file are never taken across users: every row of the copy is new.
    const originalIds = new Set([...original.data.habits, ...original.data.shop].map((x) => x.id));
    for (const row of [...copy.data.habits, ...copy.data.shop]) {
      expect(originalIds.has(row.id)).toBe(false);
    }
    const state = await stateOf(server.database.db, userId);
    expect(state.progress).toEqual({ xp: SEEDED.xp, points: SEEDED.points });
    expect(state.ledger).toMatchObject(state.progress);
    expect(state.fallbacks).toEqual(['UNCATEGORIZED HABITS']);
    // Each habit points at one of the new owner's own categories.
    const rows = await server.database.db
      .select({ owner: categories.userId })
      .from(habits)
      .innerJoin(categories, eq(categories.id, habits.categoryId))
      .where(eq(habits.userId, userId));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.owner === userId)).toBe(true);
    expect(await exportOf(source.client)).toEqual({ ...original, exportedAt: NOW.toISOString() });
  });

  it('carries achievements: a merge keeps the earlier moment, ids it does not know stay out', async () => {
    const source = await seededUser('ACH');
    const file = await exportOf(source.client);
    expect(file.data.achievements).toEqual(SEEDED_ACHIEVEMENTS);

    const { client, userId } = await signUp(server).then(async (user) => ({
      client: user.client,
      userId: await userIdOf(user.client),
    }));
    // Unlocked here before the file's moment, and one the file does not have.
    await server.database.db.insert(achievements).values([
      { userId, achievementId: 'first-habit', unlockedAt: new Date('2024-01-15T08:00:00.000Z') },
      { userId, achievementId: 'first-reward', unlockedAt: new Date('2024-05-01T08:00:00.000Z') },
      { userId, achievementId: 'level-5', unlockedAt: new Date('2024-04-01T08:00:00.000Z') },
    ]);
    const withUnknown = {
      ...file,
      data: {
        ...file.data,
        achievements: [
          ...file.data.achievements,
          { id: 'from-a-later-version', unlockedAt: '2024-03-05T08:00:00.000Z' },
        ],
      },
    };
    expect((await client.post('/api/import', { mode: 'merge', data: withUnknown })).status).toBe(
      200,
    );
    expect((await stateOf(server.database.db, userId)).achievements).toEqual([
      'first-completion 2024-03-01T12:00:00.000Z',
      'first-habit 2024-01-15T08:00:00.000Z',
      'first-reward 2024-03-03T10:00:00.000Z',
      'level-5 2024-04-01T08:00:00.000Z',
    ]);

    // A replace takes the file's; a file from before achievements (none in it) leaves none.
    expect((await client.post('/api/import', { mode: 'replace', data: file })).status).toBe(200);
    expect((await stateOf(server.database.db, userId)).achievements).toEqual(
      SEEDED_ACHIEVEMENTS.map(({ id, unlockedAt }) => `${id} ${unlockedAt}`).sort(),
    );
    const older: Partial<typeof file.data> = { ...file.data };
    delete older.achievements;
    const answer = await client.post('/api/import', {
      mode: 'replace',
      data: { ...file, data: older },
    });
    expect(answer.status).toBe(200);
    expect((await stateOf(server.database.db, userId)).achievements).toEqual([]);
  });

  it('merging a file into itself changes nothing', async () => {
    const { client, userId } = await seededUser('C');
    const before = await exportOf(client);
    const stateBefore = await stateOf(server.database.db, userId);

    const answer = await client.post('/api/import', { mode: 'merge', data: before });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      summary: {
        habits: 0,
        categories: 0,
        rewards: 0,
        inventory: 0,
        completions: 0,
        points: 0,
        xp: 0,
      },
      warnings: [],
    });
    // Even the ids stay, so nothing a client holds goes stale.
    expect((await exportOf(client)).data).toEqual(before.data);
    expect(await stateOf(server.database.db, userId)).toEqual(stateBefore);
  });

  it("merging another user's export adds their habits, completions and what they earned", async () => {
    const mine = await seededUser('D');
    const theirs = await seededUser('E');
    const theirFile = await exportOf(theirs.client);
    const key = { 'idempotency-key': `merge-${mine.userId}` };

    const answer = await mine.client.post('/api/import', { mode: 'merge', data: theirFile }, key);
    expect(answer.status).toBe(200);
    // Their completions earned 120 XP and 60 points; their new inventory item cost 5.
    expect(answer.body).toEqual({
      summary: {
        habits: 3,
        categories: 1,
        rewards: 2,
        inventory: 1,
        completions: 4,
        points: 55,
        xp: 120,
      },
      warnings: [],
    });
    // A retry with the same key answers the same and adds nothing twice.
    const again = await mine.client.post('/api/import', { mode: 'merge', data: theirFile }, key);
    expect(again.body).toEqual(answer.body);

    const state = await stateOf(server.database.db, mine.userId);
    expect(state).toMatchObject({
      habits: 6,
      completions: 8,
      rewards: 4,
      inventory: 2,
      categories: 10,
      fallbacks: ['UNCATEGORIZED HABITS'],
      progress: { xp: 240, points: 110 },
    });
    expect(state.ledger).toMatchObject(state.progress);
    const merged = await exportOf(mine.client);
    expect(merged.data.habits.map((habit) => habit.name).sort()).toEqual([
      'Read D',
      'Read E',
      'Run D',
      'Run E',
      'Taxes D',
      'Taxes E',
    ]);
    const theirIds = new Set(theirFile.data.habits.map((habit) => habit.id));
    expect(merged.data.habits.some((habit) => theirIds.has(habit.id))).toBe(false);
    // Both sides' rest days, their habits' under the new ids; the one vacation both had, once.
    const names = new Map(merged.data.habits.map((habit) => [habit.id, habit.name]));
    expect(
      merged.data.skips.map((skip) => `${names.get(skip.habitId)} ${skip.date}`).sort(),
    ).toEqual(['Read D 2024-03-13', 'Read E 2024-03-13', 'Run D 2024-03-03', 'Run E 2024-03-03']);
    expect(
      merged.data.pauses.map((pause) => `${names.get(pause.habitId)} ${pause.startsOn}`).sort(),
    ).toEqual(['Read D 2024-03-18', 'Read E 2024-03-18', 'Run D 2024-04-20', 'Run E 2024-04-20']);
    expect(merged.data.vacations).toEqual(SEEDED_REST.vacations);
    // Their own account is untouched.
    expect((await exportOf(theirs.client)).data).toEqual(theirFile.data);

    // The same file merged again (a new request) finds the habits it made: nothing is added.
    const second = await mine.client.post('/api/import', { mode: 'merge', data: theirFile });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      summary: { habits: 0, completions: 0, xp: 0, inventory: 0 },
    });
    expect(await stateOf(server.database.db, mine.userId)).toMatchObject({
      habits: 6,
      completions: 8,
      progress: { xp: 240, points: 110 },
    });
    expect((await exportOf(mine.client)).data.habits).toEqual(merged.data.habits);
  });

  it('replaces what the user had, and always leaves exactly one fallback category', async () => {
    const { client, userId } = await seededUser('F');
    const file = await exportOf(client);
    const data = {
      ...file.data,
      habits: [{ ...file.data.habits[2], id: 'not-a-uuid', category: null }],
      categories: [{ name: 'ONLY', color: '#abc', monthlyTargetXp: 10, isFallback: false }],
      goals: { ONLY: 10 },
      shop: [],
      inventory: [],
      points: -7,
      totalXP: 50,
      // The rest days of the habits left out would name habits the file no longer has.
      skips: [],
      pauses: [],
    };
    const answer = await client.post('/api/import', { data: { ...file, data } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      summary: { habits: 1, categories: 1, rewards: 0, completions: 1, points: -7, xp: 50 },
    });
    const after = await exportOf(client);
    expect(after.data.categories).toEqual([
      { name: 'ONLY', color: '#aabbcc', monthlyTargetXp: 10, isFallback: false },
      { name: 'UNCATEGORIZED HABITS', color: '#6B7280', monthlyTargetXp: 100, isFallback: true },
    ]);
    expect(after.data.habits).toHaveLength(1);
    expect(after.data.habits[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    const state = await stateOf(server.database.db, userId);
    expect(state).toMatchObject({ habits: 1, completions: 1, rewards: 0, inventory: 0 });
    expect(state.progress).toEqual({ xp: 50, points: -7 });
    expect(state.ledger).toMatchObject(state.progress);
  });
});
