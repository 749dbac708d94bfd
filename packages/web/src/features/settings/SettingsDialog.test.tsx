// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { RESET_CONFIRM_TEXT } from '@habitquest/contracts/backup';
import { DEFAULT_SETTINGS, type Settings } from '@habitquest/contracts/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { audioEngine } from '../audio/engine';
import { settingsDialogCopy as copy } from './dialog-copy';
import { SettingsDialog, type SettingsTab } from './SettingsDialog';

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];

const ACCOUNT_SIZE = {
  habits: 3,
  completions: 12,
  categories: 9,
  rewards: 2,
  inventory: 1,
  ledger: 14,
  bytes: 4096,
};

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      if (path === '/api/account/size') {
        return Promise.resolve(new Response(JSON.stringify(ACCOUNT_SIZE)));
      }
      if (path === '/api/settings') {
        return Promise.resolve(
          new Response(JSON.stringify({ ...DEFAULT_SETTINGS, ...(body as object) })),
        );
      }
      return Promise.resolve(new Response('{"ok":true}'));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderDialog(tab: SettingsTab, settings: Settings = DEFAULT_SETTINGS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SettingsDialog settings={settings} onClose={onClose} initialTab={tab} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  return { dialog, inside: within(dialog), onClose, client };
}

const patches = () => calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

describe('Settings dialog', () => {
  it('has the six sections as tabs and closes on Escape', () => {
    const { inside, onClose } = renderDialog('audio');
    expect(inside.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Audio',
      'Appearance',
      'Regional',
      'Data',
      'Storage',
      'Notifications',
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

  it('data: an invalid file lists its errors; a valid one offers replace, merge and cancel', async () => {
    const { inside } = renderDialog('data');
    const input = inside.getByTestId('import-file');
    const choose = (text: string) => {
      fireEvent.change(input, {
        target: { files: [new File([text], 'backup.json', { type: 'application/json' })] },
      });
    };
    choose(JSON.stringify({ version: '3.0.0', data: { habits: [], shop: [], goals: {} } }));
    const invalid = await screen.findByRole(
      'dialog',
      { name: 'Invalid backup file' },
      { timeout: 5000 },
    );
    expect(
      within(invalid).getByText(
        'Version incompatibility - exported from v3.0.0, current is v4.x.x',
      ),
    ).toBeTruthy();
    const [close] = within(invalid).getAllByRole('button', { name: 'Close' });
    if (close) fireEvent.click(close);

    const { buildExportFile, emptyBackupData } = await import('@habitquest/core/backup/schema');
    const valid = buildExportFile({ data: emptyBackupData(), exportedAt: new Date(0) });
    choose(JSON.stringify(valid));
    const options = await screen.findByRole(
      'dialog',
      { name: 'Import options' },
      { timeout: 5000 },
    );
    expect(
      within(options)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(expect.arrayContaining(['Replace All Data', 'Merge Data', 'Cancel']));
    fireEvent.click(within(options).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.path === '/api/import')).toEqual([]);
  });

  it("data: reset asks with the spec's sentence before it posts", async () => {
    expect(copy.resetConfirmText).toBe(RESET_CONFIRM_TEXT);
    const { inside } = renderDialog('data');
    fireEvent.click(inside.getByRole('button', { name: 'Reset All Data' }));
    const confirm = screen.getByRole('dialog', { name: copy.resetTitle });
    expect(within(confirm).getByText(RESET_CONFIRM_TEXT)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: copy.resetConfirm }));
      await Promise.resolve();
    });
    expect(calls.find((call) => call.path === '/api/reset')?.body).toEqual({ confirm: true });
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

  it('notifications: says reminders are coming, with no controls', () => {
    const { inside } = renderDialog('notifications');
    expect(inside.getByText(copy.notificationsHeading)).toBeTruthy();
    const panel = inside.getByRole('tabpanel');
    expect(within(panel).queryAllByRole('button')).toEqual([]);
    expect(within(panel).queryAllByRole('switch')).toEqual([]);
  });
});
