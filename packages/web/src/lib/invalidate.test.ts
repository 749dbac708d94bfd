/**
 * invalidateFor against a real QueryClient: a change settled while a query's first read is in
 * flight must be followed by a read that starts after it, whatever the earlier read answers.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidateFor } from './invalidate';

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** A query read by an observer (as a mounted component reads it), answering from `server`. */
function watched(queryKey: string[], server: { value: string; reads: number }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => {
      // What the server holds when the read arrives, answered a little later.
      const value = server.value;
      server.reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return value;
    },
  });
  const stop = observer.subscribe(() => undefined);
  return { client, observer, stop };
}

describe('invalidateFor', () => {
  it('reads again after a change that settled while the first read was in flight', async () => {
    const server = { value: 'not done', reads: 0 };
    const { client, observer, stop } = watched(['completions', '2026'], server);
    // The first read is out, with what the server held before the change.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(server.reads).toBe(1);
    server.value = 'done';
    await invalidateFor(client, 'completions');
    expect(server.reads).toBe(2);
    expect(observer.getCurrentResult().data).toBe('done');
    stop();
  });

  it('reads again a query that has data', async () => {
    const server = { value: 'one', reads: 0 };
    const { client, observer, stop } = watched(['me'], server);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(observer.getCurrentResult().data).toBe('one');
    server.value = 'two';
    await invalidateFor(client, 'completions');
    expect(observer.getCurrentResult().data).toBe('two');
    expect(server.reads).toBe(2);
    stop();
  });

  it('does the same for a resync, which reads everything again', async () => {
    const server = { value: 'before', reads: 0 };
    const { client, observer, stop } = watched(['rewards'], server);
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.value = 'after';
    await invalidateFor(client, 'resync');
    expect(observer.getCurrentResult().data).toBe('after');
    stop();
  });
});
