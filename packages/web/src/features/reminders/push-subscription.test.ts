// A DOM: the module reads window and navigator (see test-dom.mjs).
import '../../../test-dom.mjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const T0 = Date.parse('2026-06-10T08:00:00Z');
const MINUTE = 60_000;
const ENDPOINT = 'https://push.example.test/browser-1';
const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u',
  auth: 'tBHI',
};

type Sent = {
  endpoint: string;
  keys: unknown;
  quietUntil?: unknown;
  activeAt?: unknown;
  sessionDays?: unknown;
};

/**
 * The browser's push (a subscription already made) and the server behind fetch: the public key,
 * and PUT /api/push/subscription, recorded, answered 200, or failed while `isOffline`.
 */
function standIns() {
  const sent: Sent[] = [];
  const network = { isOffline: false };
  const subscription = { toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }) };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: {
      ready: Promise.resolve({
        pushManager: {
          getSubscription: () => Promise.resolve(subscription),
          subscribe: () => Promise.resolve(subscription),
        },
      }),
    },
    configurable: true,
  });
  // Only its presence is asked about.
  vi.stubGlobal('PushManager', { supported: true });
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      if (network.isOffline) return Promise.reject(new TypeError('Failed to fetch'));
      if (path === '/api/push/key') {
        return Promise.resolve(new Response(JSON.stringify({ publicKey: 'BBBB' })));
      }
      if (path === '/api/push/subscription' && init.method === 'PUT') {
        sent.push(JSON.parse(init.body as string) as Sent);
        return Promise.resolve(new Response('{"ok":true}'));
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  return { sent, network };
}

/** This page's modules, loaded afresh for each test (they keep what the server was told). */
async function load() {
  const device = await import('./device-state');
  const push = await import('./push-subscription');
  return { ...device, ...push };
}

describe("this browser's pause, snooze and activity, sent with its push subscription", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0, toFake: ['Date'] });
    vi.resetModules();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    localStorage.clear();
  });

  it('sends pausing, snoozing and resuming, each once', async () => {
    const { sent } = standIns();
    const { ensurePushSubscription, setPaused, snooze } = await load();
    expect(await ensurePushSubscription()).toBe('subscribed');
    expect(sent).toEqual([
      {
        endpoint: ENDPOINT,
        keys: KEYS,
        quietUntil: null,
        activeAt: new Date(T0).toISOString(),
        sessionDays: [],
      },
    ]);
    // Nothing new: nothing sent (each reminders round asks).
    await ensurePushSubscription();
    expect(sent).toHaveLength(1);

    setPaused(true);
    await ensurePushSubscription();
    await ensurePushSubscription();
    expect(sent.slice(1).map((body) => body.quietUntil)).toEqual(['indefinitely']);

    setPaused(false);
    snooze(new Date(T0 + MINUTE));
    await ensurePushSubscription();
    expect(sent.at(-1)?.quietUntil).toBe(new Date(T0 + 61 * MINUTE).toISOString());

    setPaused(false);
    await ensurePushSubscription();
    expect(sent.at(-1)?.quietUntil).toBeNull();
    expect(sent.map((body) => body.quietUntil)).toEqual([
      null,
      'indefinitely',
      new Date(T0 + 61 * MINUTE).toISOString(),
      null,
    ]);
  });

  it('a pause the server did not get is sent again at the next round', async () => {
    const { sent, network } = standIns();
    const { ensurePushSubscription, setPaused } = await load();
    await ensurePushSubscription();
    network.isOffline = true;
    setPaused(true);
    expect(await ensurePushSubscription()).toBe('unavailable');
    network.isOffline = false;
    expect(await ensurePushSubscription()).toBe('subscribed');
    expect(sent.map((body) => body.quietUntil)).toEqual([null, 'indefinitely']);
    await ensurePushSubscription();
    expect(sent).toHaveLength(2);
  });

  it('sends newer activity once it is 5 minutes ahead of what the server has', async () => {
    const { sent } = standIns();
    const { ensurePushSubscription, recordAppOpen } = await load();
    recordAppOpen('2026-06-10', T0);
    await ensurePushSubscription();
    recordAppOpen('2026-06-10', T0 + 4 * MINUTE);
    await ensurePushSubscription();
    expect(sent).toHaveLength(1);
    recordAppOpen('2026-06-10', T0 + 5 * MINUTE);
    await ensurePushSubscription();
    expect(sent.map((body) => body.activeAt)).toEqual([
      new Date(T0).toISOString(),
      new Date(T0 + 5 * MINUTE).toISOString(),
    ]);
  });
  it('sends the days of use whenever a new one is among them, oldest first, two weeks at most', async () => {
    const { sent } = standIns();
    const { ensurePushSubscription, recordAppOpen } = await load();
    for (let day = 1; day <= 16; day += 1) {
      recordAppOpen(`2026-05-${String(day).padStart(2, '0')}`, T0 - 30 * 24 * 60 * MINUTE);
    }
    await ensurePushSubscription();
    expect(sent.at(-1)?.sessionDays).toEqual(
      Array.from({ length: 14 }, (_, index) => `2026-05-${String(index + 3).padStart(2, '0')}`),
    );
    // Another session the same day changes nothing the server needs.
    recordAppOpen('2026-05-16', T0 - 30 * 24 * 60 * MINUTE);
    await ensurePushSubscription();
    expect(sent).toHaveLength(1);
    // A new day of use is sent at once, though the activity moved by less than 5 minutes.
    recordAppOpen('2026-05-17', T0 - 30 * 24 * 60 * MINUTE);
    await ensurePushSubscription();
    expect(sent).toHaveLength(2);
    expect(sent.at(-1)?.sessionDays).toEqual(
      Array.from({ length: 14 }, (_, index) => `2026-05-${String(index + 4).padStart(2, '0')}`),
    );
  });
});
