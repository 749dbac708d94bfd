import { DEFAULT_CATEGORIES, FALLBACK_CATEGORY } from '@habitquest/core/categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { openEvents } from '../../test/sse';
import { exportOf, restOf, SEEDED, seedUser, stateOf } from '../../test/backup-fixture';
import { userIdOf } from '../../test/rewards-support';

describe.each(DATABASE_KINDS)('reset on %s', (kind) => {
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

  it('needs confirm: true, and without it changes nothing', async () => {
    const { client, userId } = await seededUser('A');
    const before = await stateOf(server.database.db, userId);
    for (const body of [{}, { confirm: false }, { confirm: 'true' }, { confirm: true, keep: 1 }]) {
      const answer = await client.post('/api/reset', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: 'VALIDATION' } });
    }
    expect(await stateOf(server.database.db, userId)).toEqual(before);
  });

  it('clears everything, restores the default categories, and keeps the settings', async () => {
    const { client, userId } = await seededUser('B');
    const other = await seededUser('C');
    const otherBefore = await exportOf(other.client);
    const otherRest = await restOf(server.database.db, other.userId);
    // The seeded rest days are there to be cleared.
    expect((await stateOf(server.database.db, userId)).rest).toMatchObject({
      skips: expect.arrayContaining([expect.stringMatching(/ 2024-03-03$/)]) as unknown,
      vacations: ['2024-03-20..2024-03-24'],
    });
    await client.patch('/api/settings', { theme: 'dark', timeZone: 'Asia/Manila' });
    const backup = await exportOf(client);
    const settings = backup.data.settings;
    expect((await stateOf(server.database.db, userId)).progress).toEqual({
      xp: SEEDED.xp,
      points: SEEDED.points,
    });
    const events = await openEvents(client);
    await events.next('heartbeat');

    const answer = await client.post('/api/reset', { confirm: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect((await events.next('resync')).data).toEqual({ reason: 'reset' });
    events.close();

    expect(await stateOf(server.database.db, userId)).toEqual({
      habits: 0,
      completions: 0,
      rewards: 0,
      inventory: 0,
      categories: 8,
      fallbacks: ['UNCATEGORIZED HABITS'],
      progress: { xp: 0, points: 0 },
      ledger: { xp: 0, points: 0, entries: 0 },
      achievements: [],
      rest: { skips: [], pauses: [], vacations: [] },
    });
    const after = await exportOf(client);
    expect(after.data).toMatchObject({ skips: [], pauses: [], vacations: [] });
    expect(after.data.settings).toEqual(settings);
    expect(after.data.categories).toEqual(
      [
        ...DEFAULT_CATEGORIES.map((seed) => ({ ...seed, isFallback: false })),
        { ...FALLBACK_CATEGORY, isFallback: true },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    const me = await client.get('/api/me');
    expect(me.body).toMatchObject({
      plan: { counts: { habits: 0, categories: 7, rewards: 0 } },
      progress: { level: 1, xp: 0, points: 0, streak: 0 },
    });
    // The other user's data is untouched, their rest days too.
    expect((await exportOf(other.client)).data).toEqual(otherBefore.data);
    expect(await restOf(server.database.db, other.userId)).toEqual(otherRest);

    // The backup taken before the reset comes back in full, ids and all (no one else holds
    // them), and merging it once more changes nothing.
    const restored = await client.post('/api/import', { data: backup });
    expect(restored.status).toBe(200);
    expect((await exportOf(client)).data).toEqual(backup.data);
    const again = await client.post('/api/import', { mode: 'merge', data: backup });
    expect(again.body).toMatchObject({ summary: { habits: 0, completions: 0, points: 0, xp: 0 } });
    const state = await stateOf(server.database.db, userId);
    expect(state.progress).toEqual({ xp: SEEDED.xp, points: SEEDED.points });
    expect(state.ledger).toMatchObject(state.progress);
  });

  it.runIf(kind === 'postgres')(
    'imports and resets racing each other leave the ledger equal to the balances',
    async () => {
      const { client, userId } = await seededUser('R');
      const backup = await exportOf(client);
      const answers = await Promise.all([
        client.post('/api/import', { data: backup }),
        client.post('/api/reset', { confirm: true }),
        client.post('/api/import', { mode: 'merge', data: backup }),
        client.post('/api/reset', { confirm: true }),
        client.post('/api/import', { mode: 'merge', data: backup }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const state = await stateOf(server.database.db, userId);
      expect(state.ledger).toMatchObject(state.progress);
      expect(state.fallbacks).toEqual(['UNCATEGORIZED HABITS']);
      expect([0, SEEDED.habits]).toContain(state.habits);
    },
  );
});
