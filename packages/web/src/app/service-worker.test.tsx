// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../test-dom.mjs';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Workbox } from 'workbox-window';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The new-version notice with and without a service worker. workbox-window is replaced by a
 * stand-in that fires its events on demand; the modules are loaded afresh for each test, since
 * they keep the tab's state.
 */
type Modules = {
  notice: typeof import('./new-version');
  sw: typeof import('./service-worker');
};

const OWN_BUILD = '/assets/index-own111.js';
const NEW_BUILD_TEXT = 'A new version of HabitQuest is available.';

/** A worker as the registration holds it: its state, and the event when that changes. */
class FakeWorker extends EventTarget {
  state = 'installed';
  become(state: string): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: EventTarget | null = null;
  installing: (EventTarget & { state: string }) | null = null;
}

class FakeWorkbox extends EventTarget {
  readonly registration = new FakeRegistration();
  register = vi.fn(() => Promise.resolve(this.registration as unknown));
  update = vi.fn(() => Promise.resolve());
  messageSkipWaiting = vi.fn();
  fire(type: 'waiting' | 'controlling'): void {
    this.dispatchEvent(new Event(type));
  }
}

/** navigator.serviceWorker as the modules read it: its controller. */
const container: { controller: object | null } = { controller: null };
let buildOnServer = OWN_BUILD;

async function load(): Promise<Modules & { reload: ReturnType<typeof vi.fn> }> {
  vi.resetModules();
  const notice = await import('./new-version');
  const sw = await import('./service-worker');
  const reload = vi.fn();
  notice.tab.reload = reload;
  return { notice, sw, reload };
}

async function registerWith(sw: Modules['sw'], workbox: FakeWorkbox): Promise<void> {
  await sw.registerServiceWorker(() => workbox as unknown as Workbox);
}

const bar = () => screen.queryByRole('status');

/** A tab under the first worker, with the notice drawn: the modules, their reload and workbox. */
async function underWorker(): Promise<
  Modules & { reload: ReturnType<typeof vi.fn>; workbox: FakeWorkbox }
> {
  const modules = await load();
  container.controller = { scriptURL: '/sw.js' };
  const workbox = new FakeWorkbox();
  await registerWith(modules.sw, workbox);
  render(<modules.notice.NewVersionBar />);
  return { ...modules, workbox };
}

beforeEach(() => {
  const script = document.createElement('script');
  script.type = 'module';
  script.src = OWN_BUILD;
  document.head.append(script);
  container.controller = null;
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  buildOnServer = OWN_BUILD;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ build: buildOnServer })))),
  );
});

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the new-version notice', () => {
  it('without a service worker: a new build on the server offers a plain reload', async () => {
    const { notice, reload } = await load();
    render(<notice.NewVersionBar />);
    expect(await notice.checkForNewVersion()).toBe(false);
    expect(bar()).toBeNull();

    buildOnServer = '/assets/index-new222.js';
    await act(() => notice.checkForNewVersion());
    expect(bar()?.textContent).toContain(NEW_BUILD_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('under a service worker: a new build sends the browser looking for the worker, which the notice waits for', async () => {
    const { notice, reload, workbox } = await underWorker();

    buildOnServer = '/assets/index-new222.js';
    await act(() => notice.checkForNewVersion());
    expect(workbox.update).toHaveBeenCalledTimes(1);
    // A plain reload would start the precached old build again: nothing offered yet.
    expect(bar()).toBeNull();

    workbox.registration.waiting = new FakeWorker();
    act(() => {
      workbox.fire('waiting');
    });
    expect(bar()?.textContent).toContain('Update available');
    expect(bar()?.textContent).toContain('Reload to use the new version of HabitQuest.');

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    // The new worker takes over: now the tab reloads, into the new build.
    container.controller = { scriptURL: '/sw.js?new' };
    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a worker that took over without this tab asking offers a reload, and never reloads by itself', async () => {
    const { reload, workbox } = await underWorker();

    container.controller = { scriptURL: '/sw.js?new' };
    act(() => {
      workbox.fire('controlling');
    });
    expect(bar()?.textContent).toContain('Update available');
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the first worker claiming the tab is no update', async () => {
    const { notice, sw, reload } = await load();
    const workbox = new FakeWorkbox();
    await registerWith(sw, workbox);
    render(<notice.NewVersionBar />);
    container.controller = { scriptURL: '/sw.js' };
    act(() => {
      workbox.fire('controlling');
    });
    expect(bar()).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('notices a later worker that workbox-window no longer reports', async () => {
    const { workbox } = await underWorker();

    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    workbox.registration.installing = installing;
    workbox.registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    workbox.registration.waiting = installing;
    installing.dispatchEvent(new Event('statechange'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(bar()?.textContent).toContain('Update available');
  });

  it('Reload with the worker no longer waiting (another tab applied it) just reloads', async () => {
    const { reload, workbox } = await underWorker();
    act(() => {
      workbox.fire('waiting');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Reload goes as soon as the new worker is activated, once, though it has not claimed the tab yet', async () => {
    const { reload, workbox } = await underWorker();
    const waiting = new FakeWorker();
    workbox.registration.waiting = waiting;
    act(() => {
      workbox.fire('waiting');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    // While it takes over, the notice says so, and offers no second Reload.
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(bar()?.textContent).toContain('Updating…');
    expect(bar()?.textContent).toContain('HabitQuest reloads as soon as the new version is ready.');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    // A second "waiting" (workbox-window and the registration both tell of it) changes nothing.
    act(() => {
      workbox.fire('waiting');
    });
    expect(bar()?.textContent).toContain('Updating…');
    waiting.become('activating');
    expect(reload).not.toHaveBeenCalled();
    waiting.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
    // Its claim comes after: the tab is already on its way.
    container.controller = { scriptURL: '/sw.js?new' };
    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a worker that never takes over: Reload reloads anyway after 10 s, under the old one', async () => {
    const { reload, workbox } = await underWorker();
    workbox.registration.waiting = new FakeWorker();
    act(() => {
      workbox.fire('waiting');
    });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      vi.advanceTimersByTime(9_999);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused registration keeps the /build.json notice', async () => {
    const { notice, sw } = await load();
    const workbox = new FakeWorkbox();
    workbox.register.mockRejectedValue(new Error('blocked'));
    await registerWith(sw, workbox);
    render(<notice.NewVersionBar />);
    buildOnServer = '/assets/index-new222.js';
    await act(() => notice.checkForNewVersion());
    expect(bar()?.textContent).toContain(NEW_BUILD_TEXT);
  });
});

describe('where the service worker is registered', () => {
  it('HTTPS, or plain HTTP on the loopback host, in a browser with service workers', async () => {
    const { sw } = await load();
    const can = (protocol: string, hostname: string, nav: object = { serviceWorker: {} }) =>
      sw.canUseServiceWorker({ protocol, hostname }, nav as Navigator);
    expect(can('https:', 'habits.example.com')).toBe(true);
    expect(can('http:', 'localhost')).toBe(true);
    expect(can('http:', '127.0.0.1')).toBe(true);
    expect(can('http:', 'habits.example.com')).toBe(false);
    expect(can('http:', '192.168.1.20')).toBe(false);
    expect(can('https:', 'habits.example.com', {})).toBe(false);
  });

  it('makes no worker where the browser has none', async () => {
    const { sw } = await load();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const create = vi.fn();
    await sw.registerServiceWorker(create);
    expect(create).not.toHaveBeenCalled();
  });
});
