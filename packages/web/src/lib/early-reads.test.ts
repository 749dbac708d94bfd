import { REVISION_HEADER } from '@habitquest/contracts/headers';
import { routes } from '@habitquest/contracts/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Api = typeof import('./api');
type Revisions = typeof import('./read-revisions');

/** Each test on fresh modules: the revisions seen are per page. */
async function freshModules(): Promise<{ api: Api; revisions: Revisions }> {
  vi.resetModules();
  return { api: await import('./api'), revisions: await import('./read-revisions') };
}

function answer(body: unknown, revision?: number): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: revision === undefined ? {} : { [REVISION_HEADER]: String(revision) },
  });
}

/** fetch as the network: records each path asked, answers `{from: 'network'}` at a revision. */
function network(revision = 7): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (path: string) => {
    asked.push(path);
    return Promise.resolve(answer({ from: 'network' }, revision));
  });
  return asked;
}

function startEarly(paths: Record<string, Promise<Response>>): void {
  globalThis.habitquestEarlyReads = { ...paths };
}

describe('early reads (boot.js started them)', () => {
  beforeEach(() => {
    globalThis.habitquestEarlyReads = undefined;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    globalThis.habitquestEarlyReads = undefined;
  });

  it('takes an early answer once, in place of its own request; the next read asks the server', async () => {
    const { api } = await freshModules();
    const asked = network();
    startEarly({ '/api/me': Promise.resolve(answer({ from: 'early' }, 7)) });
    expect(await api.call(routes.me)).toEqual({ from: 'early' });
    expect(asked).toEqual([]);
    expect(await api.call(routes.me)).toEqual({ from: 'network' });
    expect(asked).toEqual(['/api/me']);
  });

  it('takes none once this page has sent a change: they may be older than a read after it', async () => {
    const { api } = await freshModules();
    const asked = network();
    startEarly({ '/api/me': Promise.resolve(answer({ from: 'early' })) });
    await api.call(routes.updateSettings, { body: { theme: 'dark' } });
    expect(await api.call(routes.me)).toEqual({ from: 'network' });
    expect(asked).toEqual(['/api/settings', '/api/me']);
  });

  it('asks the server when the early read failed, and only for the path asked', async () => {
    const { api } = await freshModules();
    const asked = network();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    startEarly({
      '/api/habits': failed,
      '/api/categories': Promise.resolve(answer([{ name: 'early' }])),
    });
    expect(await api.call(routes.listHabits)).toEqual({ from: 'network' });
    expect(asked).toEqual(['/api/habits']);
    // A path with a query must match exactly.
    startEarly({ '/api/skips?from=2026-01-01&to=2026-01-31': Promise.resolve(answer([])) });
    await api.call(routes.listSkips, { query: { from: '2026-01-01', to: '2026-02-28' } });
    expect(asked).toEqual(['/api/habits', '/api/skips?from=2026-01-01&to=2026-02-28']);
  });

  it('takes none once dropped (the live stream has started)', async () => {
    const { api } = await freshModules();
    const { dropEarlyReads, hasEarlyReads } = await import('./early-reads');
    const asked = network();
    startEarly({ '/api/me': Promise.resolve(answer({ from: 'early' })) });
    expect(hasEarlyReads()).toBe(true);
    dropEarlyReads();
    expect(hasEarlyReads()).toBe(false);
    expect(await api.call(routes.me)).toEqual({ from: 'network' });
    expect(asked).toEqual(['/api/me']);
  });
});

describe('answers read before the live stream started', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    globalThis.habitquestEarlyReads = undefined;
  });

  it('are read again when the stream starts at a newer revision', async () => {
    const { api, revisions } = await freshModules();
    network();
    startEarly({ '/api/me': Promise.resolve(answer({ from: 'early' }, 4)) });
    await api.call(routes.me);
    await api.call(routes.listHabits); // revision 7
    const stale = vi.fn();
    revisions.streamStarted(7, stale);
    expect(stale).toHaveBeenCalledTimes(1);
  });

  it('are kept when nothing changed before the stream started', async () => {
    const { api, revisions } = await freshModules();
    network(7);
    await api.call(routes.me);
    const stale = vi.fn();
    revisions.streamStarted(7, stale);
    // Later reads are at least as new; an answer without a revision (a visitor) says nothing.
    await api.call(routes.listHabits);
    revisions.noteAnswerRevision(null);
    expect(stale).not.toHaveBeenCalled();
  });

  it('an answer asked before the start and arriving after it, older, is read again', async () => {
    const { revisions } = await freshModules();
    const stale = vi.fn();
    revisions.streamStarted(9, stale);
    revisions.noteAnswerRevision('9');
    expect(stale).not.toHaveBeenCalled();
    revisions.noteAnswerRevision('8');
    expect(stale).toHaveBeenCalledTimes(1);
  });

  it('a reconnect, which reads everything again anyway, asks for no second read', async () => {
    const { revisions } = await freshModules();
    const stale = vi.fn();
    revisions.streamStarted(3, stale);
    revisions.streamEnded();
    // Read while the stream was down.
    revisions.noteAnswerRevision('3');
    revisions.streamStarted(5, stale, true);
    expect(stale).not.toHaveBeenCalled();
    // A first start without a revision (an older server) compares nothing.
    const { revisions: again } = await freshModules();
    again.noteAnswerRevision('1');
    again.streamStarted(null, stale);
    expect(stale).not.toHaveBeenCalled();
  });
});
