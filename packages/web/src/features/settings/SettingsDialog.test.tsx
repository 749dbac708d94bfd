// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import 'fake-indexeddb/auto';
import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { audioEngine } from '../audio/engine';
import { installShell, removeShell } from '../../../test/desktop-shell-stand-in';
import { desktopCopy } from '../desktop/copy';
import { remindersCopy } from '../reminders/copy';
import { setPaused } from '../reminders/device-state';
import { settingsDialogCopy as copy } from './dialog-copy';
import { meQuery } from '../me/queries';
import { timeZoneSyncedKey } from './local-keys';
import {
  type Inside,
  patches,
  renderDialog,
  setVisibility,
  SIGNED_IN,
  useSettingsDialogHarness,
} from '../../../test/settings-dialog-harness';

useSettingsDialogHarness();

/** The bodies of the outbox's write-ahead copies in localStorage (lib/write-ahead.ts). */
function copiedBodies(): unknown[] {
  const bodies: unknown[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) ?? '';
    if (!key.startsWith('habitquest.outbox-copy:')) continue;
    const copy = JSON.parse(localStorage.getItem(key) ?? '') as { entry: { body: unknown } };
    bodies.push(copy.entry.body);
  }
  return bodies;
}

/** Refreshes the storage panel and presses Clean cache once it shows. */
async function cleanCacheVia(inside: Inside): Promise<void> {
  fireEvent.click(inside.getByRole('button', { name: copy.refresh }));
  const clean = await inside.findByRole('button', { name: copy.cleanCache });
  fireEvent.click(clean);
  await vi.waitFor(() => {
    expect(inside.queryByRole('button', { name: copy.cleanCache })).toBeNull();
  });
}

describe('Settings dialog', () => {
  it('has the eight sections as tabs and closes on Escape', () => {
    const { inside, onClose } = renderDialog('audio');
    expect(inside.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Audio',
      'Appearance',
      'Regional',
      'Vacation',
      'Data',
      'Storage',
      'Notifications',
      'Account',
    ]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('audio: toggles save at once, a volume a moment later, and the engine hears both at once', async () => {
    vi.useFakeTimers();
    const configure = vi.spyOn(audioEngine, 'configure');
    const { inside } = renderDialog('audio');
    const effects = inside.getByRole('slider', { name: /Effects volume/ });
    expect((effects as HTMLInputElement).value).toBe('0.25');
    expect(inside.getByText('25%')).toBeTruthy();
    fireEvent.change(effects, { target: { value: '0.7' } });
    expect(configure).toHaveBeenLastCalledWith(expect.objectContaining({ effectsVolume: 0.7 }));
    expect(patches()).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(patches()).toEqual([{ audio: { effectsVolume: 0.7 } }]);

    fireEvent.click(inside.getByRole('switch', { name: /Background music/ }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(patches().at(-1)).toEqual({ audio: { music: true } });
    expect(configure).toHaveBeenLastCalledWith(expect.objectContaining({ music: true }));
    configure.mockRestore();
  });

  it('audio: a volume still waiting is stored the moment the page is left or hidden', async () => {
    vi.useFakeTimers();
    const { inside } = renderDialog('audio');
    fireEvent.change(inside.getByRole('slider', { name: /Effects volume/ }), {
      target: { value: '0.7' },
    });
    expect(copiedBodies()).toEqual([]);
    // A reload or a closed tab: the outbox's copy is written before the event returns.
    window.dispatchEvent(new Event('pagehide'));
    expect(copiedBodies()).toEqual([{ audio: { effectsVolume: 0.7 } }]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(patches()).toEqual([{ audio: { effectsVolume: 0.7 } }]);

    fireEvent.change(inside.getByRole('slider', { name: /Effects volume/ }), {
      target: { value: '0.4' },
    });
    setVisibility('visible');
    expect(patches()).toHaveLength(1);
    // Hidden (a phone's app switcher, a minimised window): the page may never come back.
    setVisibility('hidden');
    expect(copiedBodies()).toContainEqual({ audio: { effectsVolume: 0.4 } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(patches()).toEqual([
      { audio: { effectsVolume: 0.7 } },
      { audio: { effectsVolume: 0.4 } },
    ]);
    // Saved once: the timer the move started sends nothing more.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(patches()).toHaveLength(2);
  });

  it('appearance: the theme and the eight accents, the chosen one checked, a click saves', async () => {
    const { inside } = renderDialog('appearance', { ...DEFAULT_SETTINGS, accent: 'rose' });
    const accents = within(inside.getByRole('radiogroup', { name: 'Accent colour' }));
    expect(accents.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      'Blue',
      'Emerald',
      'Purple',
      'Amber',
      'Rose',
      'Cyan',
      'Black',
      'White',
    ]);
    expect(accents.getByRole('radio', { name: 'Rose' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(accents.getByRole('radio', { name: 'White' }));
    fireEvent.click(inside.getByRole('radio', { name: 'Dark' }));
    await vi.waitFor(() => {
      expect(patches()).toEqual([{ accent: 'white' }, { theme: 'dark' }]);
    });
  });

  it('appearance: each group is one Tab stop; the arrow keys, Home and End move and choose', async () => {
    const { inside } = renderDialog('appearance', { ...DEFAULT_SETTINGS, accent: 'rose' });
    const accents = within(inside.getByRole('radiogroup', { name: 'Accent colour' }));
    const radios = accents.getAllByRole('radio');
    expect(radios.map((radio) => radio.tabIndex)).toEqual([-1, -1, -1, -1, 0, -1, -1, -1]);
    const rose = accents.getByRole('radio', { name: 'Rose' });
    rose.focus();
    fireEvent.keyDown(rose, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(accents.getByRole('radio', { name: 'Cyan' }));
    fireEvent.keyDown(document.activeElement ?? rose, { key: 'End' });
    fireEvent.keyDown(document.activeElement ?? rose, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(accents.getByRole('radio', { name: 'Blue' }));
    const themes = within(inside.getByRole('radiogroup', { name: 'Theme' }));
    fireEvent.keyDown(themes.getByRole('radio', { name: 'System' }), { key: 'ArrowLeft' });
    await vi.waitFor(() => {
      expect(patches()).toEqual([
        { accent: 'cyan' },
        { accent: 'white' },
        { accent: 'blue' },
        { theme: 'light' },
      ]);
    });
  });

  it('regional: the zone list filters as you type; choosing a zone and a week start saves them', async () => {
    const { inside } = renderDialog('regional');
    fireEvent.change(inside.getByRole('searchbox', { name: copy.searchZones }), {
      target: { value: 'manila' },
    });
    const list = inside.getByRole('listbox', { name: copy.zoneList });
    // The saved zone stays listed, so the selection never disappears.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['UTC', 'Asia/Manila']);
    fireEvent.change(list, { target: { value: 'Asia/Manila' } });
    fireEvent.change(inside.getByRole('combobox', { name: copy.weekStart }), {
      target: { value: '1' },
    });
    await vi.waitFor(() => {
      expect(patches()).toEqual([{ timeZone: 'Asia/Manila' }, { weekStart: 1 }]);
    });
    expect(inside.getByRole('button', { name: copy.useDeviceZone })).toBeTruthy();
  });

  it('regional: says nothing matched only when nothing did, the saved zone aside', () => {
    const { inside } = renderDialog('regional', { ...DEFAULT_SETTINGS, timeZone: 'Asia/Manila' });
    const search = inside.getByRole('searchbox', { name: copy.searchZones });
    // The one match is the saved zone itself: it matched.
    fireEvent.change(search, { target: { value: 'manila' } });
    expect(inside.queryByText(copy.noZones)).toBeNull();
    fireEvent.change(search, { target: { value: 'atlantis' } });
    expect(inside.getByText(copy.noZones)).toBeTruthy();
  });

  it('regional: "Use this device\'s zone" saves the zone this device is in', async () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const saved = device === 'Asia/Manila' ? 'Europe/London' : 'Asia/Manila';
    const { inside } = renderDialog('regional', { ...DEFAULT_SETTINGS, timeZone: saved });
    expect(inside.getByText(copy.deviceZone(device), { exact: false })).toBeTruthy();
    fireEvent.click(inside.getByRole('button', { name: copy.useDeviceZone }));
    await vi.waitFor(() => {
      expect(patches()).toEqual([{ timeZone: device }]);
    });
  });

  it("regional: a zone picked here, UTC too, is never replaced by the device's own on this device", async () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { inside, client } = renderDialog('regional', {
      ...DEFAULT_SETTINGS,
      timeZone: 'Asia/Manila',
    });
    client.setQueryData(meQuery.queryKey, SIGNED_IN);
    fireEvent.change(inside.getByRole('listbox', { name: copy.zoneList }), {
      target: { value: 'UTC' },
    });
    await vi.waitFor(() => {
      expect(patches()).toEqual([{ timeZone: 'UTC' }]);
    });
    // What use-sync-time-zone.ts reads before it takes the device's zone for a saved UTC.
    expect(localStorage.getItem(timeZoneSyncedKey(SIGNED_IN.user.id))).toBe(device);
  });

  it('regional: "Use this device\'s zone" is off when the saved zone is the device\'s', () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { inside } = renderDialog('regional', { ...DEFAULT_SETTINGS, timeZone: device });
    const button = inside.getByRole('button', { name: copy.useDeviceZone });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('storage: the breakdown, the advice, no clean-cache button for an empty cache, the server figures', async () => {
    vi.stubGlobal('navigator', {
      storage: {
        estimate: () => Promise.resolve({ usage: 2048, quota: 1024 * 1024 }),
        persisted: () => Promise.resolve(true),
      },
    });
    const { inside } = renderDialog('storage');
    expect(
      await inside.findByText('Storage usage is healthy. No immediate action needed.'),
    ).toBeTruthy();
    for (const label of [
      'Habits',
      'Categories',
      'Progress',
      'Settings',
      'Cache',
      'Offline queue',
      'Other',
    ]) {
      expect(inside.getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(inside.getByTestId('storage-status').textContent).toContain('Excellent');
    expect(inside.queryByRole('button', { name: copy.cleanCache })).toBeNull();
    expect(inside.getByText(copy.persisted)).toBeTruthy();
    const server = await inside.findByTestId('server-size');
    expect(within(server).getByText('12')).toBeTruthy();
    expect(within(server).getByText(/about 4\.0 KB/)).toBeTruthy();
  });

  it('storage: clean cache appears once something is cached and drops the unused query data', async () => {
    vi.stubGlobal('navigator', {
      storage: { estimate: () => Promise.resolve({ usage: 10_000, quota: 1024 * 1024 }) },
    });
    const { inside, client } = renderDialog('storage');
    await inside.findByText('Storage usage is healthy. No immediate action needed.');
    expect(inside.queryByRole('button', { name: copy.cleanCache })).toBeNull();
    // Data no screen shows: what going back to an earlier view would reuse.
    client.setQueryData(['analytics', 'overview', 2025], { months: new Array(12).fill(100) });
    fireEvent.click(inside.getByRole('button', { name: copy.refresh }));
    const clean = await inside.findByRole('button', { name: copy.cleanCache });
    await act(async () => {
      fireEvent.click(clean);
      await vi.waitFor(() => {
        expect(client.getQueryData(['analytics', 'overview', 2025])).toBeUndefined();
      });
    });
    await vi.waitFor(() => {
      expect(inside.queryByRole('button', { name: copy.cleanCache })).toBeNull();
    });
  });

  it('storage: clean cache removes cache keys from local storage and spares unsynced changes', async () => {
    vi.stubGlobal('navigator', {
      storage: { estimate: () => Promise.resolve({ usage: 10_000, quota: 1024 * 1024 }) },
    });
    // The settings mirror, and a key the spec's rule (cache, temp, tmp) cleans.
    localStorage.setItem('habitquest.theme', 'dark');
    localStorage.setItem('habitquest.accent', 'rose');
    localStorage.setItem('habitquest.chart-cache', JSON.stringify({ weeks: [1, 2, 3] }));
    localStorage.setItem('habitquest.offline-queue-tmp', '[{"id":"k1"}]');
    const { inside, client } = renderDialog('storage');
    client.setQueryData(['habits'], [{ id: 'h1', completed: false }]);
    client.setQueryData(['analytics', 'overview', 2025], { months: [1] });
    // A toggle in flight: its optimistic change is in the habits until the server answers.
    let answer: () => void = () => undefined;
    const toggle = client.getMutationCache().build(client, {
      mutationFn: () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
      onMutate: () => {
        client.setQueryData(['habits'], [{ id: 'h1', completed: true }]);
      },
    });
    const done = toggle.execute(undefined);

    // The local cache key alone is enough for the button.
    const clean = await inside.findByRole('button', { name: copy.cleanCache });
    await act(async () => {
      fireEvent.click(clean);
      await vi.waitFor(() => {
        expect(localStorage.getItem('habitquest.chart-cache')).toBeNull();
      });
    });
    expect(localStorage.getItem('habitquest.theme')).toBe('dark');
    expect(localStorage.getItem('habitquest.accent')).toBe('rose');
    expect(localStorage.getItem('habitquest.offline-queue-tmp')).toBe('[{"id":"k1"}]');
    expect(client.getQueryData(['habits'])).toEqual([{ id: 'h1', completed: true }]);
    expect((await screen.findAllByText(copy.cacheCleaned)).length).toBeGreaterThan(0);

    // Once the server has the change, the next clean may drop it like any cache.
    answer();
    await act(() => done);
    await cleanCacheVia(inside);
    expect(client.getQueryData(['habits'])).toBeUndefined();
    expect(client.getQueryData(['analytics', 'overview', 2025])).toBeUndefined();
  });

  it('notifications on plain http: says why nothing can work, and offers nothing to switch', () => {
    vi.stubGlobal('isSecureContext', false);
    const { inside } = renderDialog('notifications');
    const alert = within(inside.getByRole('tabpanel')).getByRole('alert');
    expect(alert.textContent).toContain('Notifications need a secure connection');
    expect(alert.textContent).toContain(window.location.host);
    for (const control of inside.getAllByRole('switch')) {
      expect((control as HTMLButtonElement).disabled).toBe(true);
    }
    expect(
      inside.getByRole<HTMLButtonElement>('button', { name: remindersCopy.test }).disabled,
    ).toBe(true);
  });

  it('notifications blocked: says so and how to allow them; reminders cannot be switched on', () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: vi.fn() });
    const { inside } = renderDialog('notifications');
    const panel = within(inside.getByRole('tabpanel'));
    expect(panel.getByRole('alert').textContent).toBe(remindersCopy.permission.denied);
    expect(panel.getByRole<HTMLButtonElement>('switch', { name: /^Reminders/ }).disabled).toBe(
      true,
    );
    expect(panel.getByText(remindersCopy.service.stopped)).toBeTruthy();
  });

  it('notifications allowed: the switches and the slider save, and the device can pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    const { inside } = renderDialog('notifications');
    const panel = within(inside.getByRole('tabpanel'));
    expect(panel.getByRole('status').textContent).toBe(remindersCopy.permission.granted);
    expect(panel.getByText(remindersCopy.service.running)).toBeTruthy();
    fireEvent.click(panel.getByRole('switch', { name: /^Evening reminder/ }));
    const nudges = panel.getByRole('switch', { name: /^Daily nudges/ });
    expect(nudges.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(nudges);
    const slider = panel.getByRole('slider', { name: /Streak protection/ });
    expect(slider.getAttribute('aria-valuetext')).toBe('20 hours');
    fireEvent.change(slider, { target: { value: '6' } });
    fireEvent.change(slider, { target: { value: '8' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(patches()).toEqual([
      { reminders: { eveningReminder: false } },
      { reminders: { randomReminders: false } },
      { reminders: { streakRiskHours: 8 } },
    ]);
    fireEvent.click(panel.getByRole('switch', { name: /^Pause on this device/ }));
    expect(JSON.parse(localStorage.getItem('habitquest-reminders') ?? '{}')).toMatchObject({
      isPaused: true,
    });
    expect(panel.getByText(remindersCopy.service.stopped)).toBeTruthy();
  });

  it("notifications in the desktop app: the background service is the shell's answer, Unknown without one", async () => {
    vi.stubGlobal('isSecureContext', true);
    // Not paused here (a test above paused this device, and the state outlives its storage).
    setPaused(false);
    const answer = vi.fn(() => Promise.resolve(JSON.stringify({ ok: true, result: true })));
    installShell(answer);
    try {
      const running = renderDialog('notifications');
      expect(
        await within(running.inside.getByRole('tabpanel')).findByText(desktopCopy.serviceRunning),
      ).toBeTruthy();
      expect(answer).toHaveBeenCalledWith(
        expect.stringContaining('"command":"is_background_service_running"'),
      );
      cleanup();
      answer.mockImplementation(() => new Promise<string>(() => undefined));
      const asking = renderDialog('notifications');
      expect(
        within(asking.inside.getByRole('tabpanel')).getByText(remindersCopy.service.checking),
      ).toBeTruthy();
      cleanup();
      answer.mockImplementation(() => Promise.reject(new Error('the shell went away')));
      const silent = renderDialog('notifications');
      expect(
        await within(silent.inside.getByRole('tabpanel')).findByText(remindersCopy.service.unknown),
      ).toBeTruthy();
    } finally {
      removeShell();
    }
  });

  it('notifications: closing the dialog saves the streak protection still waiting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    const { inside } = renderDialog('notifications');
    fireEvent.change(inside.getByRole('slider', { name: /Streak protection/ }), {
      target: { value: '5' },
    });
    cleanup();
    expect(copiedBodies()).toEqual([{ reminders: { streakRiskHours: 5 } }]);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(patches()).toEqual([{ reminders: { streakRiskHours: 5 } }]);
  });
});
