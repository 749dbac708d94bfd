import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { openEvents, type EventStream } from '../../test/sse';
import { RECONNECT_AFTER_SUPERSEDED_MS } from './routes';
import { createStreamCap, MAX_STREAMS_PER_USER } from './stream-cap';

/** Whether the stream has ended by now (its end is seen on the next microtask). */
async function hasEnded(stream: EventStream): Promise<boolean> {
  let isEnded = false;
  void stream.closed.then(() => {
    isEnded = true;
  });
  await Promise.resolve();
  return isEnded;
}

describe.each(DATABASE_KINDS)('open event streams per user on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it("one stream over the cap ends the user's oldest, and no other user's", async () => {
    const alice = await signUp(server);
    const bob = await signUp(server);
    const bobStreams: EventStream[] = [];
    for (let index = 0; index < 2; index += 1) {
      const stream = await openEvents(bob.client);
      await stream.next('heartbeat');
      bobStreams.push(stream);
    }
    // One at a time, each counted (its first heartbeat is written after it is) before the next.
    const aliceStreams: EventStream[] = [];
    for (let index = 0; index < MAX_STREAMS_PER_USER; index += 1) {
      const stream = await openEvents(alice.client);
      await stream.next('heartbeat');
      aliceStreams.push(stream);
    }
    const [oldest, ...others] = aliceStreams;
    if (!oldest) throw new Error('no stream was opened');

    const newest = await openEvents(alice.client);
    await newest.next('heartbeat');
    // The server ends the oldest, with a last heartbeat that asks for a late reconnect.
    await oldest.closed;
    const last = oldest.received.at(-1);
    expect(last).toMatchObject({ event: 'heartbeat', retry: RECONNECT_AFTER_SUPERSEDED_MS });

    // The newest and the other open ones get the next change; the oldest does not.
    const habit = await alice.client.post('/api/habits', { title: 'Still live' });
    for (const stream of [newest, ...others]) {
      expect((await stream.next('habits')).data).toEqual({ ids: [habit.body.id] });
    }
    expect(oldest.received.filter((event) => event.event === 'habits')).toEqual([]);
    for (const stream of [newest, ...others]) expect(await hasEnded(stream)).toBe(false);

    // Another user's streams are untouched.
    const bobHabit = await bob.client.post('/api/habits', { title: 'Mine' });
    for (const stream of bobStreams) {
      expect((await stream.next('habits')).data).toEqual({ ids: [bobHabit.body.id] });
      expect(await hasEnded(stream)).toBe(false);
    }

    for (const stream of [newest, ...others, ...bobStreams]) stream.close();
  });
});

describe('the count of open streams', () => {
  it('ends the oldest beyond the cap, counts each user alone, and frees a released place', () => {
    const cap = createStreamCap(2);
    const ended: string[] = [];
    const admit = (userId: string, name: string) =>
      cap.admit(userId, () => {
        ended.push(name);
      });
    const releaseA1 = admit('a', 'a1');
    admit('a', 'a2');
    admit('b', 'b1');
    admit('b', 'b2');
    expect(ended).toEqual([]);
    admit('a', 'a3');
    expect(ended).toEqual(['a1']);
    // Releasing a stream that was already ended changes nothing.
    releaseA1();
    admit('a', 'a4');
    expect(ended).toEqual(['a1', 'a2']);

    // A stream that ends by itself frees its place: the next one ends nobody.
    const releaseB3 = admit('b', 'b3');
    expect(ended).toEqual(['a1', 'a2', 'b1']);
    releaseB3();
    admit('b', 'b4');
    expect(ended).toEqual(['a1', 'a2', 'b1']);
  });
});
