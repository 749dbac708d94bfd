// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import 'fake-indexeddb/auto';
import { RESET_CONFIRM_TEXT } from '@habitquest/contracts/backup';
import { DEFAULT_SETTINGS, type Settings } from '@habitquest/contracts/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ToastHost } from '../../app/ToastHost';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOutboxOwner } from '../../lib/outbox';
import { audioEngine } from '../audio/engine';
import { remindersCopy } from '../reminders/copy';
import { settingsDialogCopy as copy } from './dialog-copy';
import { SettingsDialog, type SettingsTab } from './SettingsDialog';
import { TIME_ZONE_SYNCED_KEY } from './local-keys';

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
/** Answers a test gives to paths of its own, instead of the defaults below. */
let answers = new Map<string, () => Response>();

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
  // Signed in, as the session follower (features/auth/outbox-owner.ts) says once the server answers.
  setOutboxOwner('user-1', true);
  calls = [];
  answers = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      const answer = answers.get(path);
      if (answer) return Promise.resolve(answer());
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
  localStorage.clear();
  // Back to the prototype's visibilityState, should a test have set its own (setVisibility).
  Reflect.deleteProperty(document, 'visibilityState');
  FakeXhr.sent = [];
  FakeFileReader.current = null;
});

function renderDialog(tab: SettingsTab, settings: Settings = DEFAULT_SETTINGS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SettingsDialog settings={settings} onClose={onClose} initialTab={tab} />
      {/* The app's toasts, where export and import tell how they went. */}
      <ToastHost />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  return { dialog, inside: within(dialog), onClose, client };
}

type Inside = ReturnType<typeof renderDialog>['inside'];

const patches = () => calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

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

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const progressOf = (loaded: number, total: number) =>
  new ProgressEvent('progress', { lengthComputable: true, loaded, total });

/**
 * POST /api/import's stand-in (the import goes through XMLHttpRequest for its upload progress):
 * it records what is sent, and the test decides how far the upload gets and what comes back.
 */
class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  withCredentials = false;
  method = '';
  url = '';
  body: unknown = undefined;
  status = 0;
  responseText = '';
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: string): void {
    this.body = JSON.parse(body);
    FakeXhr.sent.push(this);
  }
  uploaded(loaded: number, total: number): void {
    this.upload.dispatchEvent(progressOf(loaded, total));
  }
  answer(status: number, body: unknown): void {
    this.upload.dispatchEvent(new ProgressEvent('load'));
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new ProgressEvent('load'));
  }
  failNetwork(): void {
    this.dispatchEvent(new ProgressEvent('error'));
  }
}

/** A FileReader whose reading the test paces, as a large file is read in a browser. */
class FakeFileReader extends EventTarget {
  static current: FakeFileReader | null = null;
  result: string | null = null;
  error: DOMException | null = null;
  file: File | null = null;
  readAsText(file: File): void {
    this.file = file;
    FakeFileReader.current = this;
  }
  read(loaded: number): void {
    this.dispatchEvent(progressOf(loaded, this.file?.size ?? 0));
  }
  async finish(): Promise<void> {
    this.result = (await this.file?.text()) ?? '';
    this.dispatchEvent(new ProgressEvent('load'));
  }
}

async function validBackupText(): Promise<string> {
  const { buildExportFile, emptyBackupData } = await import('@habitquest/core/backup/export-file');
  return JSON.stringify(buildExportFile({ data: emptyBackupData(), exportedAt: new Date(0) }));
}

function chooseFile(input: HTMLElement, file: File): void {
  fireEvent.change(input, { target: { files: [file] } });
}

/** Chooses a valid backup, picks Replace, and returns the upload the dialog started. */
async function startImport(inside: Inside): Promise<FakeXhr> {
  chooseFile(
    inside.getByTestId('import-file'),
    new File([await validBackupText()], 'backup.json', { type: 'application/json' }),
  );
  const options = await screen.findByRole('dialog', { name: copy.optionsTitle }, { timeout: 5000 });
  fireEvent.click(within(options).getByRole('button', { name: copy.replace }));
  const [upload] = FakeXhr.sent;
  if (!upload) throw new Error('no import was sent');
  expect(upload).toMatchObject({ method: 'POST', url: '/api/import', body: { mode: 'replace' } });
  return upload;
}

const SUMMARY = {
  habits: 2,
  categories: 7,
  rewards: 1,
  inventory: 0,
  completions: 5,
  points: 40,
  xp: 80,
};

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
  it('has the seven sections as tabs and closes on Escape', () => {
    const { inside, onClose } = renderDialog('audio');
    expect(inside.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Audio',
      'Appearance',
      'Regional',
      'Vacation',
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
    const { inside } = renderDialog('regional', { ...DEFAULT_SETTINGS, timeZone: 'Asia/Manila' });
    fireEvent.change(inside.getByRole('listbox', { name: copy.zoneList }), {
      target: { value: 'UTC' },
    });
    await vi.waitFor(() => {
      expect(patches()).toEqual([{ timeZone: 'UTC' }]);
    });
    // What use-sync-time-zone.ts reads before it takes the device's zone for a saved UTC.
    expect(localStorage.getItem(TIME_ZONE_SYNCED_KEY)).toBe(device);
  });

  it('regional: "Use this device\'s zone" is off when the saved zone is the device\'s', () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { inside } = renderDialog('regional', { ...DEFAULT_SETTINGS, timeZone: device });
    const button = inside.getByRole('button', { name: copy.useDeviceZone });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('data: a failed export says so; a good one says the file was downloaded', async () => {
    answers.set(
      '/api/export',
      () =>
        new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Something broke' } }), {
          status: 500,
        }),
    );
    const { inside } = renderDialog('data');
    fireEvent.click(inside.getByRole('button', { name: copy.exportButton }));
    expect(await screen.findByText(copy.exportFailure)).toBeTruthy();
    expect(copy.exportFailure).toBe('Export failed. Please try again.');
    expect(calls.filter((call) => call.path === '/api/export')).toHaveLength(1);
    expect(screen.queryByText(copy.exportSuccess)).toBeNull();
    await vi.waitFor(() => {
      expect(inside.getByRole('button', { name: copy.exportButton })).toBeTruthy();
    });

    // The same button with the server answering: the success message instead.
    answers.set(
      '/api/export',
      () =>
        new Response('{"version":"4.0.0"}', {
          headers: { 'content-disposition': 'attachment; filename="habitquest-backup.json"' },
        }),
    );
    // jsdom has no object URLs: the saved file's address is made up, the rest is real.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:backup';
        static override revokeObjectURL = () => undefined;
      },
    );
    // The download link's click, kept from jsdom (which cannot navigate) after noting its name.
    const saved: string[] = [];
    const keep = (event: MouseEvent): void => {
      if (event.target instanceof HTMLAnchorElement && event.target.download) {
        saved.push(event.target.download);
        event.preventDefault();
      }
    };
    document.addEventListener('click', keep);
    try {
      fireEvent.click(inside.getByRole('button', { name: copy.exportButton }));
      expect(await screen.findByText(copy.exportSuccess)).toBeTruthy();
      expect(saved).toEqual(['habitquest-backup.json']);
    } finally {
      document.removeEventListener('click', keep);
    }
  });

  it('data: reading and uploading show their progress, then the summary and the dialog closes', async () => {
    vi.stubGlobal('FileReader', FakeFileReader);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { inside, onClose } = renderDialog('data');
    const text = await validBackupText();
    chooseFile(inside.getByTestId('import-file'), new File([text], 'big-backup.json'));
    const reader = FakeFileReader.current;
    if (!reader) throw new Error('the file is not being read');
    expect(inside.getByText(copy.reading)).toBeTruthy();
    act(() => {
      reader.read(Math.round(text.length * 0.4));
    });
    expect(inside.getByText('Reading the file... 40%')).toBeTruthy();
    const bar = inside.getByRole('progressbar', { name: copy.importProgress });
    expect(bar.getAttribute('aria-valuenow')).toBe('4');
    act(() => {
      reader.read(text.length);
    });
    expect(inside.getByText('Reading the file... 100%')).toBeTruthy();
    await act(() => reader.finish());

    const options = await screen.findByRole(
      'dialog',
      { name: copy.optionsTitle },
      { timeout: 5000 },
    );
    fireEvent.click(within(options).getByRole('button', { name: copy.replace }));
    const [upload] = FakeXhr.sent;
    if (!upload) throw new Error('no import was sent');
    expect(inside.getByText('Uploading... 0%')).toBeTruthy();
    act(() => {
      upload.uploaded(500, 1000);
    });
    expect(inside.getByText('Uploading... 50%')).toBeTruthy();
    expect(
      inside.getByRole('progressbar', { name: copy.importProgress }).getAttribute('aria-valuenow'),
    ).toBe('50');
    act(() => {
      upload.answer(200, { summary: SUMMARY, warnings: [] });
    });
    expect(await screen.findByText(copy.restored)).toBeTruthy();
    expect(screen.getByText('Habits: 2 · Points: 40 · Categories: 7 · Rewards: 1')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it("data: a file the server refuses lists the server's problems, like the browser's own check", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { inside } = renderDialog('data');
    const upload = await startImport(inside);
    const problems = [
      'habits[0].name: must not contain the NUL character',
      'points: must be between -1000000000 and 1000000000',
    ];
    act(() => {
      upload.answer(400, {
        error: { code: 'VALIDATION', message: 'Invalid backup file', errors: problems },
      });
    });
    const invalid = await screen.findByRole('dialog', { name: copy.invalidTitle });
    expect(
      within(invalid)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(problems);
    expect(within(invalid).getByText(copy.importRetry)).toBeTruthy();
    expect(screen.queryByText(/Import failed/)).toBeNull();
  });

  it('data: a refused import says why and to check the file; a network failure too', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { inside } = renderDialog('data');
    const limit = 'Free plan limit reached: 15 habits. Upgrade to Pro for unlimited habits!';
    const upload = await startImport(inside);
    act(() => {
      upload.answer(403, { error: { code: 'LIMIT_REACHED', message: limit } });
    });
    const alert = await inside.findByRole('alert');
    expect(alert.textContent).toBe(
      `Import failed: ${limit} Please check your backup file and try again.`,
    );
    expect(copy.importFailed('x')).toBe('Import failed: x');
    expect(copy.importRetry).toBe('Please check your backup file and try again.');

    FakeXhr.sent = [];
    const again = await startImport(inside);
    act(() => {
      again.failNetwork();
    });
    await vi.waitFor(() => {
      expect(inside.getByRole('alert').textContent).toBe(
        'Import failed: Could not reach HabitQuest. Check your connection and try again. Please check your backup file and try again.',
      );
    });
  });

  it("data: an answer that is not the server's is an unexpected error", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { inside, onClose } = renderDialog('data');
    const upload = await startImport(inside);
    // A proxy's page instead of the import's result.
    act(() => {
      upload.answer(200, '<html><body>Welcome to the captive portal</body></html>');
    });
    const alert = await inside.findByRole('alert');
    expect(alert.textContent).toBe('An unexpected error occurred during import.');
    expect(copy.importUnexpected).toBe(alert.textContent);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('data: a file whose name does not end in .json is refused before it is read', async () => {
    vi.stubGlobal('FileReader', FakeFileReader);
    const { inside } = renderDialog('data');
    chooseFile(
      inside.getByTestId('import-file'),
      new File([await validBackupText()], 'backup.txt', { type: 'application/json' }),
    );
    const invalid = await screen.findByRole('dialog', { name: copy.invalidTitle });
    expect(
      within(invalid)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '"backup.txt" is not a .json file. Only HabitQuest backups (.json) can be imported.',
    ]);
    expect(FakeFileReader.current).toBeNull();
    expect(screen.queryByRole('dialog', { name: copy.optionsTitle })).toBeNull();
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

    const { buildExportFile, emptyBackupData } =
      await import('@habitquest/core/backup/export-file');
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
    const slider = panel.getByRole('slider', { name: /Streak protection/ });
    expect(slider.getAttribute('aria-valuetext')).toBe('20 hours');
    fireEvent.change(slider, { target: { value: '6' } });
    fireEvent.change(slider, { target: { value: '8' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(patches()).toEqual([
      { reminders: { eveningReminder: false } },
      { reminders: { streakRiskHours: 8 } },
    ]);
    fireEvent.click(panel.getByRole('switch', { name: /^Pause on this device/ }));
    expect(JSON.parse(localStorage.getItem('habitquest-reminders') ?? '{}')).toMatchObject({
      isPaused: true,
    });
    expect(panel.getByText(remindersCopy.service.stopped)).toBeTruthy();
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
