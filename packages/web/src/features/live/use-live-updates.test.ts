import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateFor } from './use-live-updates';

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
});
