import type { BackupFile, BackupHabit } from '@habitquest/core/backup/schema';
import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements } from '../db/schema';
import { HttpError } from '../http/errors';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import {
  backupFileOf as fileOf,
  backupHabit,
  exportOf,
  seedUser,
  stateOf,
} from '../../test/backup-fixture';
import { userIdOf } from '../../test/rewards-support';
import { writeBackupData } from './write-backup-data';

const habit = (index: number, overrides: Partial<BackupHabit> = {}): BackupHabit =>
  backupHabit({ id: `habit-${index}`, name: `Habit ${index}`, ...overrides });

describe.each(DATABASE_KINDS)('import refusals on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  async function seededUser(tag: string) {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    await seedUser(server.database.db, userId, tag);
    return { client, userId };
  }

  /** Posts the import, expects the refusal, and checks that nothing changed. */
  async function expectRefused(
    client: TestClient,
    body: unknown,
    status: number,
    error: Record<string, unknown>,
  ) {
    const before = await exportOf(client);
    const answer = await client.post('/api/import', body);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error });
    expect((await exportOf(client)).data).toEqual(before.data);
  }

  it("answers each of the spec's messages for a broken file, and changes nothing", async () => {
    const { client } = await seededUser('A');
    const good = await exportOf(client);
    const cases: [unknown, string[]][] = [
      [
        { ...good, version: '3.3.0' },
        ['Version incompatibility - exported from v3.3.0, current is v4.x.x'],
      ],
      [{ ...good, data: { ...good.data, habits: {} } }, ['Habits data must be an array']],
      [{ ...good, data: { ...good.data, shop: null } }, ['Shop data must be an array']],
      [{ ...good, data: { ...good.data, goals: [] } }, ['Goals data must be an object']],
      [
        { ...good, data: { ...good.data, habits: [{ name: 'No id' }, { id: 'x' }] } },
        [
          'Habit at index 0 missing required fields (id, name)',
          'Habit at index 1 missing required fields (id, name)',
        ],
      ],
      ['a string', ['Invalid data format - must be a valid JSON object']],
      [null, ['Invalid data format']],
      [
        fileOf({ habits: [habit(0, { category: 'NOPE' })] }),
        ['habits[0].category: names a category that is not in the file (NOPE)'],
      ],
    ];
    for (const [data, errors] of cases) {
      await expectRefused(client, { mode: 'replace', data }, 400, {
        code: 'VALIDATION',
        message: 'Invalid backup file',
        errors,
      });
    }
  });

  it('refuses what the database could not store, before touching anything', async () => {
    const { client } = await seededUser('B');
    const completion = {
      completionDate: '0000-03-01',
      periodKey: '0000-03-01',
      xpEarned: 10,
      pointsEarned: 5,
      completedAt: '2024-03-01T00:00:00.000Z',
    };
    const cases: [BackupFile, string[]][] = [
      [
        fileOf({ habits: [habit(0, { name: 'Bad\u0000name' })] }),
        ['habits[0].name: must not contain the NUL character (U+0000)'],
      ],
      [
        fileOf({ habits: [habit(0, { completions: [completion] })] }),
        [
          'habits[0].completions[0].completionDate: must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)',
        ],
      ],
      [fileOf({ points: 2_000_000_000 }), ['points: must be between -1000000000 and 1000000000']],
    ];
    for (const [data, errors] of cases) {
      await expectRefused(client, { mode: 'merge', data }, 400, {
        code: 'VALIDATION',
        message: 'Invalid backup file',
        errors,
      });
    }
    const badMode = await client.post('/api/import', { mode: 'append', data: fileOf({}) });
    expect(badMode.status).toBe(400);
    expect(badMode.body).toMatchObject({ error: { code: 'VALIDATION' } });
  });

  it('refuses a free user an import past a plan limit, as a whole', async () => {
    const { client, userId } = await seededUser('C');
    const habits = Array.from({ length: 16 }, (_, index) => habit(index));
    const limitError = (resource: string, limit: number) => ({
      code: 'LIMIT_REACHED',
      message: `Free plan limit reached: ${limit} ${resource}. Upgrade to Pro for unlimited ${resource}!`,
      resource,
      limit,
    });
    await expectRefused(client, { data: fileOf({ habits }) }, 403, limitError('habits', 15));
    const categories = Array.from({ length: 11 }, (_, index) => ({
      name: `C${index}`,
      color: '#123456',
      monthlyTargetXp: 100,
      isFallback: false,
    }));
    await expectRefused(
      client,
      { data: fileOf({ categories }) },
      403,
      limitError('categories', 10),
    );
    const shop = Array.from({ length: 7 }, (_, index) => ({
      id: `r${index}`,
      name: `Reward ${index}`,
      description: null,
      cost: 10,
      category: null,
      icon: null,
      rarity: null,
      keepInShop: false,
    }));
    await expectRefused(
      client,
      { mode: 'merge', data: fileOf({ shop: shop.slice(0, 5) }) },
      403,
      limitError('rewards', 6),
    );

    // Exactly at the limits is fine, and the fallback is not one of the ten categories.
    const atLimit = fileOf({
      habits: habits.slice(0, 15),
      categories: [
        ...categories.slice(0, 10),
        { name: 'SPARE', color: '#123', monthlyTargetXp: 1, isFallback: true },
      ],
      shop: shop.slice(0, 6),
    });
    expect((await client.post('/api/import', { data: atLimit })).status).toBe(200);
    expect(await stateOf(server.database.db, userId)).toMatchObject({
      habits: 15,
      categories: 11,
      rewards: 6,
      fallbacks: ['SPARE'],
    });
  });

  it('lets a Pro user import past the free limits', async () => {
    const { client, userId } = await seededUser('D');
    await server.database.db.insert(entitlements).values({ userId, premiumHabit: true });
    const habits = Array.from({ length: 20 }, (_, index) => habit(index));
    const answer = await client.post('/api/import', { data: fileOf({ habits }) });
    expect(answer.status).toBe(200);
    expect((await stateOf(server.database.db, userId)).habits).toBe(20);
  });

  it('rolls everything back when writing fails half-way', async () => {
    const { client, userId } = await seededUser('E');
    const before = await exportOf(client);
    const stateBefore = await stateOf(server.database.db, userId);
    // Core's validation stops this at the door; here it reaches the writer after its deletes.
    const write = server.database.db.transaction((tx) =>
      writeBackupData({
        tx,
        userId,
        data: {
          habits: [habit(0, { category: 'GONE' })],
          categories: [],
          shop: [],
          inventory: [],
          achievements: [],
          skips: [],
          pauses: [],
          vacations: [],
        },
        settings: DEFAULT_SETTINGS,
      }),
    );
    await expect(write).rejects.toBeInstanceOf(HttpError);
    expect((await exportOf(client)).data).toEqual(before.data);
    expect(await stateOf(server.database.db, userId)).toEqual(stateBefore);
  });

  it('imports with warnings: a changed file, and settings that are not valid are kept', async () => {
    const { client } = await seededUser('F');
    const before = await exportOf(client);
    const changed = {
      ...before,
      checksum: '0000000000000000',
      data: { ...before.data, settings: { theme: 'neon' } },
    };
    const answer = await client.post('/api/import', { data: changed });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      warnings: [
        'Checksum mismatch: the file was changed after export.',
        'The settings in the file are not valid, so your current settings were kept.',
      ],
    });
    expect((await exportOf(client)).data.settings).toEqual(before.data.settings);
  });

  it("never touches another user's data, and needs a session", async () => {
    const mine = await seededUser('G');
    const other = await seededUser('H');
    const otherBefore = await exportOf(other.client);
    const otherState = await stateOf(server.database.db, other.userId);
    expect((await mine.client.post('/api/import', { data: otherBefore })).status).toBe(200);
    expect(
      (await mine.client.post('/api/import', { mode: 'merge', data: otherBefore })).status,
    ).toBe(200);
    expect((await mine.client.post('/api/reset', { confirm: true })).status).toBe(200);
    expect((await exportOf(other.client)).data).toEqual(otherBefore.data);
    expect(await stateOf(server.database.db, other.userId)).toEqual(otherState);

    const anonymous = new TestClient(server.url);
    for (const [method, url, body] of [
      ['GET', '/api/export', undefined],
      ['POST', '/api/import', { data: otherBefore }],
      ['POST', '/api/reset', { confirm: true }],
    ] as const) {
      const answer = await anonymous.request(method, url, body);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({
        error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
      });
    }
    expect(await stateOf(server.database.db, other.userId)).toEqual(otherState);
  });
});
