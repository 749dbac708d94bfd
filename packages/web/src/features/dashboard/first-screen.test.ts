import { encodeCompletionColumns } from '@habitquest/contracts/completion-columns';
import { firstScreenReads } from '@habitquest/contracts/first-reads';
import { localDateOf } from '@habitquest/core/dates';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFirstScreen } from './first-screen';

const ZONE = 'Asia/Tokyo';
const WEEK_START = 1;

function answer(body: unknown): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
}

/** What the server answers each of the first screen's reads, by path. */
function earlyAnswers(today: string): Record<string, Promise<Response>> {
  const [session, me, habits, categories, columns, skips, history] = firstScreenReads(today);
  const from = new URLSearchParams(columns?.split('?')[1]).get('from') ?? '';
  const bodies = [
    { user: { id: 'u1', email: 'a@example.com' } },
    { user: { id: 'u1' }, settings: { timeZone: ZONE, weekStart: WEEK_START } },
    [{ id: 'h1', title: 'Read' }],
    [],
    encodeCompletionColumns(from, []),
    [],
    { pauses: [], vacations: [] },
  ];
  const paths = [session, me, habits, categories, columns, skips, history];
  return Object.fromEntries(paths.map((path, index) => [path ?? '', answer(bodies[index])]));
}

describe('the first screen read before the first render', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    globalThis.habitquestEarlyReads = undefined;
  });

  it("fills the cache from the early reads, for today's year in the user's zone, asking nothing more", async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (path: string) => {
      asked.push(path);
      return answer({});
    });
    // New Year's Day in Tokyo, still 31 December in UTC: the window is 2027's.
    vi.useFakeTimers({ now: new Date('2026-12-31T15:30:00Z'), toFake: ['Date'] });
    const today = localDateOf(Date.now(), ZONE);
    expect(today).toBe('2027-01-01');
    globalThis.habitquestEarlyReads = earlyAnswers(today);
    const client = new QueryClient();
    await readFirstScreen(client);
    expect(asked).toEqual([]);
    const keys = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map((query) => query.queryKey[0]);
    expect(keys.sort()).toEqual([
      'auth',
      'categories',
      'completions',
      'habits',
      'me',
      'rest',
      'rest',
    ]);
    expect(client.getQueryData(['habits'])).toEqual([{ id: 'h1', title: 'Read' }]);
  });

  it('waits no longer than its limit for slow reads, and not at all without early reads', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const client = new QueryClient();
    const started = Date.now();
    await readFirstScreen(client, 10_000);
    expect(Date.now() - started).toBeLessThan(50);
    expect(client.getQueryCache().getAll()).toEqual([]);

    globalThis.habitquestEarlyReads = { '/api/me': new Promise<Response>(() => undefined) };
    await readFirstScreen(client, 30);
    expect(client.getQueryData(['me'])).toBeUndefined();
  });
});
