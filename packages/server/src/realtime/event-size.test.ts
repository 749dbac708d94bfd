import type { Category, CategoryDeleteResult } from '@habitquest/contracts/categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { habits } from '../db/schema';
import { createLogger } from '../logger';
import { remove, userIdOf } from '../../test/rewards-support';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { openEvents } from '../../test/sse';
import { createEventBus } from './bus';

describe.each(DATABASE_KINDS)('realtime events too large for NOTIFY on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a category delete that moves 250 habits answers 200 and streams a resync', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const crowded = (await client.post<Category>('/api/categories', { name: 'Crowded' })).body;
    // 250 ids take about 10 KB of JSON, over PostgreSQL's 8,000-byte NOTIFY payload.
    await server.database.db.insert(habits).values(
      Array.from({ length: 250 }, (_, index) => ({
        userId,
        name: `Habit ${String(index)}`,
        frequency: 'daily' as const,
        categoryId: crowded.id,
      })),
    );
    const stream = await openEvents(client);
    await stream.next('heartbeat');

    const response = await remove<CategoryDeleteResult>(client, `/api/categories/${crowded.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: crowded.id, movedHabits: 250 });

    expect((await stream.next('categories')).data).toEqual({ ids: [crowded.id] });
    expect((await stream.next('resync')).data).toEqual({ reason: 'too-large' });
    // The small events after it still go out as themselves.
    await client.patch('/api/settings', { theme: 'dark' });
    expect((await stream.next('settings')).data).toMatchObject({ settings: { theme: 'dark' } });
    stream.close();
  });
});

describe('publishing after a commit', () => {
  it('logs a failed NOTIFY and resolves, so the committed change keeps its answer', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const failing = {
      kind: 'postgres',
      db: { execute: () => Promise.reject(new Error('connection lost')) },
      listen: () => Promise.resolve(() => Promise.resolve()),
    } as unknown as DatabaseHandle;
    const bus = await createEventBus(failing, logger);

    await expect(
      bus.publish('user-1', { type: 'habits', payload: { ids: [] } }),
    ).resolves.toBeUndefined();
    await expect(bus.sessionsEnded('user-1')).resolves.toBeUndefined();
    expect(lines.join('\n')).toContain('could not publish a realtime event');
    expect(lines.join('\n')).toContain('connection lost');
    await bus.close();
  });
});
