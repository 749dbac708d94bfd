/**
 * A backup made by an account whose weeks start on Monday, imported by one whose weeks start on
 * Sunday: its weekly completions are keyed for the importer's weeks, so no week can be completed
 * (and paid) twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';

type Json = Record<string, unknown>;
const NOW = new Date('2026-06-15T12:00:00Z'); // Monday 15 June 2026

describe.each(DATABASE_KINDS)('importing weeks of another week start on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function mondayExport(): Promise<Json> {
    const { client } = await signUp(server);
    expect((await client.patch('/api/settings', { weekStart: 1 })).status).toBe(200);
    const habit = await client.post('/api/habits', { title: 'Long run', frequency: 'weekly' });
    // Sunday 14 June ends the Monday-start week of 8–14 June.
    await client.request('PUT', `/api/habits/${String(habit.body.id)}/completions/2026-06-14`, {
      completed: true,
    });
    return (await client.get<Json>('/api/export')).body;
  }

  async function weeklyCompletions(client: TestClient) {
    const answer = await client.get<
      { habitId: string; periodKey: string; completionDate: string }[]
    >('/api/completions?from=2026-06-01&to=2026-06-30');
    return answer.body;
  }

  it("restores a replace's weeks as the file keyed them, two completions in neighbouring weeks included", async () => {
    // Monday weeks: Sunday 14 June ends the week of 8–14 June, Monday 15 June opens the next.
    const { client: owner } = await signUp(server);
    expect((await owner.patch('/api/settings', { weekStart: 1 })).status).toBe(200);
    const habit = await owner.post('/api/habits', { title: 'Long run', frequency: 'weekly' });
    for (const date of ['2026-06-14', '2026-06-15']) {
      const done = await owner.request(
        'PUT',
        `/api/habits/${String(habit.body.id)}/completions/${date}`,
        { completed: true },
      );
      expect(done.status).toBe(200);
    }
    const file = (await owner.get<Json>('/api/export')).body;
    const before = await weeklyCompletions(owner);
    expect(before).toHaveLength(2);

    // Restored into a Sunday-week account: the two days share a Sunday week, but the replace
    // brings the file's Monday weeks, where they are two weeks, each its own completion.
    const { client } = await signUp(server);
    expect((await client.post('/api/import', { mode: 'replace', data: file })).status).toBe(200);
    const restored = await weeklyCompletions(client);
    expect(
      restored.map(({ completionDate, periodKey }) => ({ completionDate, periodKey })),
    ).toEqual(before.map(({ completionDate, periodKey }) => ({ completionDate, periodKey })));
    const me = await client.get<{ settings: { weekStart: number }; progress: { xp: number } }>(
      '/api/me',
    );
    expect(me.body.settings.weekStart).toBe(1);
    expect(me.body.progress.xp).toBe(20);
  });

  for (const mode of ['merge', 'replace'] as const) {
    it(`keys them for the importer's week start (${mode})`, async () => {
      const file = await mondayExport();
      const { client } = await signUp(server); // weeks start on Sunday
      const imported = await client.post('/api/import', { mode, data: file });
      expect(imported.status).toBe(200);
      const [completion] = await weeklyCompletions(client);
      const weekStart =
        mode === 'replace'
          ? (await client.get<{ settings: { weekStart: number } }>('/api/me')).body.settings
              .weekStart
          : 0;
      // Sunday 14 June opens the Sunday-start week 14–20 June (2026-W25); in a replace the file's
      // own Monday start comes along, and the week is 8–14 June (2026-W24).
      expect(completion).toMatchObject({
        completionDate: '2026-06-14',
        periodKey: weekStart === 0 ? '2026-W25' : '2026-W24',
      });
      // Monday 15 June: the same Sunday week is already done (no second award); with Monday
      // weeks, a new week.
      const again = await client.request<Json>(
        'PUT',
        `/api/habits/${String(completion?.habitId)}/completions/2026-06-15`,
        { completed: true },
      );
      expect(again.status).toBe(200);
      expect(again.body.added).toBe(weekStart !== 0);
    });
  }
});
