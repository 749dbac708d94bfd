import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { originOf } from './use-live-updates';
import { invalidateFor } from '../../lib/invalidate';

function clientWith(keys: string[][]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

function invalidated(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey.join('/'))
    .sort();
}

describe('live update invalidation', () => {
  it('invalidates only the keys an event names', async () => {
    const client = clientWith([['habits'], ['me'], ['rewards'], ['about']]);
    await invalidateFor(client, 'habits');
    expect(invalidated(client)).toEqual(['habits', 'me']);
  });

  it('invalidates every query on resync, those outside the event map included', async () => {
    const client = clientWith([['habits'], ['analytics', 'overview'], ['about'], ['providers']]);
    await invalidateFor(client, 'resync');
    expect(invalidated(client)).toEqual(['about', 'analytics/overview', 'habits', 'providers']);
  });

  it('invalidates the union of several events, each key once', async () => {
    const client = clientWith([['habits'], ['me'], ['completions', '2026-11'], ['rewards']]);
    let fetches = 0;
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate') fetches += 1;
    });
    await invalidateFor(client, 'completions', 'progress');
    expect(invalidated(client)).toEqual(['completions/2026-11', 'habits', 'me']);
    // 'me' is named by both events but invalidated once.
    expect(fetches).toBe(3);
  });
});

describe('the origin of a live event', () => {
  it('is read from the event data when the server stamped it', () => {
    expect(originOf(JSON.stringify({ ids: ['a'], origin: 'tab-1' }))).toBe('tab-1');
    expect(originOf(JSON.stringify({ ids: ['a'] }))).toBeUndefined();
    expect(originOf('not json')).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
  });
});
