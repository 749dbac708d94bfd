/**
 * The habit list, /api/me and the completions of a window kept per user (derived-cache.ts) always
 * equal what is derived afresh: every kind of change moves the user's data revision, and random
 * sequences of changes never leave a kept answer behind the data (docs/performance.md, "Derived
 * answers").
 */
import { addDays, type LocalDate } from '@habitquest/core/dates';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completions } from '../db/schema';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { DerivedCache, KeptAnswers } from './derived-cache';
import { getMe } from '../me/get-me';
import { listHabits } from './list-habits';
import { listCompletions } from './list-completions';
import { encodeCompletionColumns } from '@habitquest/contracts/completion-columns';
import { givePoints, makePro, userIdOf } from '../../test/rewards-support';
import { moveRevision, revisionOf } from '../../test/set-state-support';

type Json = Record<string, unknown>;
const TODAY: LocalDate = '2026-06-15';
const NOW = new Date(`${TODAY}T12:00:00Z`);

describe('DerivedCache', () => {
  it('serves a value only at the revision it was kept for', () => {
    const cache = new DerivedCache<string>(10);
    cache.set('u1', 3, 'three');
    expect(cache.get('u1', 3)).toBe('three');
    expect(cache.get('u1', 4)).toBeUndefined();
    expect(cache.get('u2', 3)).toBeUndefined();
    cache.set('u1', 4, 'four');
    expect(cache.get('u1', 3)).toBeUndefined();
    expect(cache.get('u1', 4)).toBe('four');
  });

  it('keeps at most its capacity, the least recently read leaving first', () => {
    const cache = new DerivedCache<number>(2);
    cache.set('a', 1, 1);
    cache.set('b', 1, 2);
    expect(cache.get('a', 1)).toBe(1);
    cache.set('c', 1, 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe(1);
    expect(cache.get('c', 1)).toBe(3);
  });
});

describe('KeptAnswers', () => {
  it('serves a text only at the revision it was kept for, and drops the rest of an old one', () => {
    const kept = new KeptAnswers(1000);
    kept.set('u1', 1, 'a', '"one"');
    kept.set('u1', 1, 'b', '"two"');
    expect(kept.get('u1', 1, 'a')).toBe('"one"');
    expect(kept.get('u1', 2, 'a')).toBeUndefined();
    kept.set('u1', 2, 'a', '"three"');
    expect(kept.get('u1', 2, 'b')).toBeUndefined();
    expect(kept.get('u1', 1, 'a')).toBeUndefined();
    expect(kept.size).toBe('"three"'.length * 2);
  });

  it('holds at most its bytes, the least recently read user leaving first', () => {
    const kept = new KeptAnswers(800);
    const text = 'x'.repeat(50); // 100 bytes, at most an eighth of the bound
    for (const user of ['a', 'b', 'c', 'd']) {
      kept.set(user, 1, 'k1', text);
      kept.set(user, 1, 'k2', text);
    }
    expect(kept.size).toBe(800);
    expect(kept.get('a', 1, 'k1')).toBe(text);
    kept.set('e', 1, 'k1', text);
    expect(kept.size).toBeLessThanOrEqual(800);
    expect(kept.get('b', 1, 'k1')).toBeUndefined();
    expect(kept.get('a', 1, 'k2')).toBe(text);
    expect(kept.get('e', 1, 'k1')).toBe(text);
    // An answer larger than an eighth of the bound is never kept.
    kept.set('f', 1, 'k1', 'x'.repeat(101));
    expect(kept.get('f', 1, 'k1')).toBeUndefined();
  });
});

describe.each(DATABASE_KINDS)('the kept habit list on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** The list and /api/me as the server answers them must equal them derived afresh. */
  async function expectFresh(client: TestClient, userId: string): Promise<void> {
    const { db } = server.database;
    const answered = await client.get<Json[]>('/api/habits');
    expect(answered.status).toBe(200);
    const derived = await listHabits({ db, userId, now: NOW });
    expect(answered.body).toEqual(JSON.parse(JSON.stringify(derived)));
    const me = await client.get('/api/me');
    expect(me.body).toEqual(JSON.parse(JSON.stringify(await getMe({ db, userId, now: NOW }))));
    const range = { from: addDays(TODAY, -20), to: TODAY };
    const fresh = await listCompletions({ db, userId, range });
    const query = `from=${range.from}&to=${range.to}`;
    expect((await client.get(`/api/completions?${query}`)).body).toEqual(
      JSON.parse(JSON.stringify(fresh)),
    );
    expect((await client.get(`/api/completions/columns?${query}`)).body).toEqual(
      JSON.parse(JSON.stringify(encodeCompletionColumns(range.from, fresh))),
    );
  }

  it('serves the kept list while the revision stays, and derives again once it moves', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const habit = String((await client.post('/api/habits', { title: 'Read' })).body.id);
    const streakOf = async () =>
      (await client.get<{ streak: number }[]>('/api/habits')).body[0]?.streak;
    expect(await streakOf()).toBe(0);
    // A completion written behind the triggers' back: the revision stays, so the kept list stays.
    const { db } = server.database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table hq_completions disable trigger user`);
      await tx.insert(completions).values({
        habitId: habit,
        userId,
        completionDate: TODAY,
        periodKey: TODAY,
        xpEarned: 10,
        pointsEarned: 5,
      });
      await tx.execute(sql`alter table hq_completions enable trigger user`);
    });
    expect(await streakOf()).toBe(0);
    await moveRevision(server, userId);
    expect(await streakOf()).toBe(1);
  });

  it('moves the revision with every kind of change the list is derived from', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const habit = String((await client.post('/api/habits', { title: 'Read' })).body.id);
    const categories = (await client.get<{ id: string; name: string }[]>('/api/categories')).body;
    const category = categories.find((c) => c.name !== 'Uncategorized')?.id ?? '';
    let reward = '';
    const changes: [string, () => Promise<{ status: number }>][] = [
      [
        'complete',
        () =>
          client.request('PUT', `/api/habits/${habit}/completions/${TODAY}`, { completed: true }),
      ],
      [
        'undo',
        () =>
          client.request('PUT', `/api/habits/${habit}/completions/${TODAY}`, { completed: false }),
      ],
      [
        'skip',
        () => client.request('PUT', `/api/habits/${habit}/skips/${TODAY}`, { skipped: true }),
      ],
      [
        'unskip',
        () => client.request('PUT', `/api/habits/${habit}/skips/${TODAY}`, { skipped: false }),
      ],
      ['pause', () => client.request('PUT', `/api/habits/${habit}/pause`, { resumesOn: null })],
      ['resume', () => client.request('DELETE', `/api/habits/${habit}/pause`)],
      [
        'vacation',
        () =>
          client.request('PUT', '/api/vacation', { startsOn: TODAY, endsOn: addDays(TODAY, 3) }),
      ],
      ['end vacation', () => client.request('DELETE', '/api/vacation')],
      [
        'points from elsewhere',
        async () => {
          await givePoints(server, userId, 500);
          return { status: 200 };
        },
      ],
      [
        'new reward',
        async () => {
          const created = await client.post('/api/rewards', { name: 'Film night', cost: 100 });
          reward = String(created.body.id);
          return created;
        },
      ],
      ['delete reward', () => client.request('DELETE', `/api/rewards/${reward}`)],
      [
        'redeem',
        async () => {
          const created = await client.post('/api/rewards', { name: 'Cake', cost: 100 });
          return client.post(`/api/rewards/${String(created.body.id)}/redeem`, {});
        },
      ],
      [
        'Pro',
        async () => {
          await makePro(server, userId);
          return { status: 200 };
        },
      ],
      ['username', () => client.patch('/api/profile', { username: `kept_${userId.slice(0, 8)}` })],
      ['edit', () => client.patch(`/api/habits/${habit}`, { frequency: 'weekly' })],
      ['rename category', () => client.patch(`/api/categories/${category}`, { name: 'Renamed' })],
      ['week start', () => client.patch('/api/settings', { weekStart: 1 })],
      ['time zone', () => client.patch('/api/settings', { timeZone: 'Asia/Tokyo' })],
      ['new habit', () => client.post('/api/habits', { title: 'Walk' })],
      ['delete habit', () => client.request('DELETE', `/api/habits/${habit}`)],
      ['reset', () => client.post('/api/reset', { confirm: true })],
    ];
    for (const [name, change] of changes) {
      await expectFresh(client, userId);
      const before = await revisionOf(server, userId);
      const response = await change();
      expect(response.status, name).toBeLessThan(300);
      expect(await revisionOf(server, userId), name).toBeGreaterThan(before);
      await expectFresh(client, userId);
    }
  });

  it('never answers a list behind the data, whatever the sequence of changes', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const ids: string[] = [];
    for (const title of ['Read', 'Walk']) {
      ids.push(String((await client.post('/api/habits', { title })).body.id));
    }
    const day = fc.integer({ min: -9, max: 0 }).map((offset) => addDays(TODAY, offset));
    const habit = fc.constantFrom(0, 1).map((index) => ids[index] ?? '');
    const change = fc.oneof(
      fc.record({ kind: fc.constant('complete'), habit, day, on: fc.boolean() }),
      fc.record({ kind: fc.constant('skip'), habit, day, on: fc.boolean() }),
      fc.record({ kind: fc.constant('pause'), habit, on: fc.boolean() }),
      fc.record({ kind: fc.constant('vacation'), day, on: fc.boolean() }),
      fc.record({
        kind: fc.constant('frequency'),
        habit,
        frequency: fc.constantFrom('daily', 'weekly', 'monthly'),
      }),
      fc.record({ kind: fc.constant('weekStart'), weekStart: fc.constantFrom(0, 1, 6) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), async (sequence) => {
        for (const step of sequence) {
          // Refused changes (a skip of a completed period, say) change nothing: also fine.
          if (step.kind === 'complete') {
            await client.request('PUT', `/api/habits/${step.habit}/completions/${step.day}`, {
              completed: step.on,
            });
          } else if (step.kind === 'skip') {
            await client.request('PUT', `/api/habits/${step.habit}/skips/${step.day}`, {
              skipped: step.on,
            });
          } else if (step.kind === 'pause') {
            if (step.on)
              await client.request('PUT', `/api/habits/${step.habit}/pause`, { resumesOn: null });
            else await client.request('DELETE', `/api/habits/${step.habit}/pause`);
          } else if (step.kind === 'vacation') {
            if (step.on) {
              await client.request('PUT', '/api/vacation', {
                startsOn: TODAY,
                endsOn: addDays(TODAY, 2),
              });
            } else await client.request('DELETE', '/api/vacation');
          } else if (step.kind === 'frequency') {
            await client.patch(`/api/habits/${step.habit}`, { frequency: step.frequency });
          } else {
            await client.patch('/api/settings', { weekStart: step.weekStart });
          }
          await expectFresh(client, userId);
        }
      }),
      { numRuns: kind === 'pglite' ? 6 : 12 },
    );
  });
});
