import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { ImportGate } from './import-gate';

const A = 'user-a';
const B = 'user-b';

/** Whether `promise` has settled after the event loop turned once. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe('the import gate', () => {
  it("refuses the importing user's other requests while it is closed, and nobody else's", async () => {
    const gate = new ImportGate();
    const release = await gate.close(A);
    let refusal: unknown;
    try {
      gate.enter(A, '/api/me');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      code: 'IMPORT_IN_PROGRESS',
      status: 503,
      message: 'Your import is still being applied. Try again in a moment.',
      details: { retryAfter: 5 },
      headers: { 'Retry-After': '5' },
    });
    // Another user, the import route and the event stream pass.
    gate.enter(B, '/api/me')();
    gate.enter(A, '/api/import')();
    gate.enter(A, '/api/events')();
    release();
    gate.enter(A, '/api/me')();
  });

  it('closes only once the requests already running have ended', async () => {
    const gate = new ImportGate();
    const leave = gate.enter(A, '/api/habits');
    const closing = gate.close(A);
    expect(await hasSettled(closing)).toBe(false);
    // Closed already: nothing new gets in while it waits.
    expect(() => gate.enter(A, '/api/me')).toThrow(HttpError);
    leave();
    (await closing)();
  });

  it("queues one user's imports, and keeps a user out whose data could not be put back", async () => {
    const gate = new ImportGate();
    const first = await gate.close(A);
    const second = gate.close(A);
    expect(await hasSettled(second)).toBe(false);
    first();
    const release = await second;
    release({ keepClosed: true });
    expect(gate.isClosed(A)).toBe(true);
    await expect(gate.close(A)).rejects.toMatchObject({ code: 'IMPORT_IN_PROGRESS' });
    expect(gate.isClosed(B)).toBe(false);
  });

  it('lets an import wait until no request runs, but not for ever', async () => {
    const gate = new ImportGate();
    await gate.whenIdle(10_000);
    const ended = gate.started('/api/me');
    const idle = gate.whenIdle(10_000);
    expect(await hasSettled(idle)).toBe(false);
    ended();
    await idle;
    // The import's own request does not count.
    gate.started('/api/import');
    await gate.whenIdle(10_000);
    // A request that keeps running holds an import back only up to the limit.
    gate.started('/api/me');
    await gate.whenIdle(5);
  });
});
