import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createLogger } from '../logger';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { openEvents } from '../../test/sse';
import { createEventBus, EVENTS_CHANNEL } from './bus';

const dialect = new PgDialect();

/**
 * A database whose statements wait until the test lets each one finish (or fail), recording the
 * notifications of each in order.
 */
function heldDatabase() {
  const statements: { texts: string[]; finish: (error?: Error) => void }[] = [];
  const database = {
    kind: 'postgres',
    db: {
      execute: (query: SQL) =>
        new Promise<void>((resolve, reject) => {
          const { sql } = dialect.sqlToQuery(query);
          // Each pg_notify's text is its second literal; what the tests publish has no quotes.
          const texts = [...sql.matchAll(/pg_notify\('[^']*', '([^']*)'\)/g)].map(
            ([, text = '']) => {
              const message = JSON.parse(text) as { type?: string; control?: string };
              return message.type ?? message.control ?? '?';
            },
          );
          statements.push({
            texts,
            finish: (error) => {
              if (error) reject(error);
              else resolve();
            },
          });
        }),
    },
    listen: () => Promise.resolve(() => Promise.resolve()),
  } as unknown as DatabaseHandle;
  return { database, statements };
}

function collectedLogs() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

/** Resolves on the next turn: what a statement's end sets going has started by then. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sending notifications', () => {
  it('sends a publish at once, and what is published meanwhile together in the next statement, in order', async () => {
    const { database, statements } = heldDatabase();
    const bus = await createEventBus(database, collectedLogs().logger);
    const done: string[] = [];

    const first = bus.publish('user-1', { type: 'habits', payload: { ids: [] } }).then(() => {
      done.push('habits');
    });
    expect(statements.map((each) => each.texts)).toEqual([['habits']]);

    const second = bus
      .publish(
        'user-2',
        { type: 'completions', payload: { habitIds: [] } },
        { type: 'rest', payload: {} },
      )
      .then(() => done.push('completions'));
    const third = bus.sessionsEnded('user-3').then(() => done.push('sessions-ended'));
    const fourth = bus
      .publish('user-1', { type: 'rewards', payload: { ids: [] } })
      .then(() => done.push('rewards'));
    // One statement on its way at a time.
    expect(statements).toHaveLength(1);

    statements[0]?.finish();
    await first;
    await settle();
    expect(done).toEqual(['habits']);
    expect(statements.map((each) => each.texts)).toEqual([
      ['habits'],
      ['completions', 'rest', 'sessions-ended', 'rewards'],
    ]);

    statements[1]?.finish();
    await Promise.all([second, third, fourth]);
    expect(done).toEqual(['habits', 'completions', 'sessions-ended', 'rewards']);

    // Idle again: the next publish goes at once.
    const fifth = bus.publish('user-1', { type: 'categories', payload: { ids: [] } });
    expect(statements.map((each) => each.texts)).toHaveLength(3);
    expect(statements[2]?.texts).toEqual(['categories']);
    statements[2]?.finish();
    await fifth;
    await bus.close();
  });

  it('puts at most 100 notifications in a statement, never splitting one publish', async () => {
    const { database, statements } = heldDatabase();
    const bus = await createEventBus(database, collectedLogs().logger);
    const published = [bus.publish('user-1', { type: 'habits', payload: { ids: [] } })];
    for (let index = 0; index < 60; index += 1) {
      published.push(
        bus.publish(
          'user-1',
          { type: 'completions', payload: { habitIds: [] } },
          { type: 'rest', payload: {} },
        ),
      );
    }
    for (let round = 0; statements.length > round; round += 1) {
      statements[round]?.finish();
      await settle();
    }
    await Promise.all(published);
    expect(statements.map((each) => each.texts.length)).toEqual([1, 100, 20]);
    expect(statements.flatMap((each) => each.texts)).toHaveLength(121);
    await bus.close();
  });

  it('logs each publish of a failed statement and resolves them all: the changes stay committed', async () => {
    const { database, statements } = heldDatabase();
    const { logger, lines } = collectedLogs();
    const bus = await createEventBus(database, logger);
    const first = bus.publish('user-1', { type: 'habits', payload: { ids: [] } });
    const failing = [
      bus.publish('user-2', { type: 'rewards', payload: { ids: [] } }),
      bus.sessionsEnded('user-3'),
    ];
    statements[0]?.finish();
    await first;
    await settle();
    statements[1]?.finish(new Error('too many notifications in the NOTIFY queue'));
    await expect(Promise.all(failing)).resolves.toEqual([undefined, undefined]);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({
        msg: 'could not publish a realtime event',
        userId: 'user-2',
        types: ['rewards'],
      }),
      expect.objectContaining({ msg: 'could not announce an ended session', userId: 'user-3' }),
    ]);
    expect(lines.join('\n')).toContain('too many notifications in the NOTIFY queue');

    // The next publish is sent as usual.
    const next = bus.publish('user-1', { type: 'categories', payload: { ids: [] } });
    expect(statements[2]?.texts).toEqual(['categories']);
    statements[2]?.finish();
    await next;
    await bus.close();
  });

  it('closes once what was published is sent', async () => {
    const { database, statements } = heldDatabase();
    const bus = await createEventBus(database, collectedLogs().logger);
    void bus.publish('user-1', { type: 'habits', payload: { ids: [] } });
    void bus.publish('user-1', { type: 'rewards', payload: { ids: [] } });
    let isClosed = false;
    const closing = bus.close().then(() => {
      isClosed = true;
    });
    await settle();
    expect(isClosed).toBe(false);
    statements[0]?.finish();
    await settle();
    expect(isClosed).toBe(false);
    statements[1]?.finish();
    await closing;
    expect(isClosed).toBe(true);

    // What is published after (a request still in flight as the server closes) is waited for.
    void bus.publish('user-1', { type: 'categories', payload: { ids: [] } });
    let isSent = false;
    const sending = bus.sent().then(() => {
      isSent = true;
    });
    await settle();
    expect(isSent).toBe(false);
    statements[2]?.finish();
    await sending;
    expect(isSent).toBe(true);
    await bus.sent(); // nothing waiting: at once
  });
});

describe.each(DATABASE_KINDS)('a completion whose events cannot be sent, on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is committed and answered as usual; the failure is only logged', async () => {
    const { client } = await signUp(server);
    const habit = (await client.post<{ id: string }>('/api/habits', { title: 'Walk' })).body;
    const stream = await openEvents(client);
    await stream.next('heartbeat');
    const { db } = server.database;
    const execute = db.execute.bind(db);
    // The realtime bus sends its notifications through `execute`; the rest goes on as usual.
    const failNotify = (query: SQL) =>
      dialect.sqlToQuery(query).sql.includes(`pg_notify('${EVENTS_CHANNEL}'`)
        ? Promise.reject(new Error('too many notifications in the NOTIFY queue'))
        : execute(query);
    const spy = vi
      .spyOn(db, 'execute')
      .mockImplementation(failNotify as unknown as typeof db.execute);
    try {
      const date = new Date().toISOString().slice(0, 10);
      const done = await client.request<{ added: boolean; progress: { xp: number } }>(
        'PUT',
        `/api/habits/${habit.id}/completions/${date}`,
        { completed: true },
      );
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ added: true, progress: { xp: 10 } });
      // Its events were tried, after the answer was decided.
      await vi.waitFor(() => {
        const tried = spy.mock.calls.map(([query]) => dialect.sqlToQuery(query as SQL).sql);
        expect(tried.some((text) => text.includes('"type":"completions"'))).toBe(true);
      });
      const completions = await client.get<{ habitId: string }[]>(
        `/api/completions?from=${date}&to=${date}`,
      );
      expect(completions.body).toEqual([expect.objectContaining({ habitId: habit.id })]);
    } finally {
      spy.mockRestore();
    }
    // Sent as usual again: the next change's events reach the stream.
    await client.patch('/api/settings', { theme: 'dark' });
    expect((await stream.next('settings')).data).toMatchObject({ settings: { theme: 'dark' } });
    expect(stream.received.some((event) => event.event === 'completions')).toBe(false);
    stream.close();
  });
});
