/**
 * The settings dialog's Data tab: export, import (read and uploaded with their progress, checked
 * by the browser and by the server) and reset. The rest of the dialog: SettingsDialog.test.tsx.
 */
// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import 'fake-indexeddb/auto';
import { RESET_CONFIRM_TEXT } from '@habitquest/contracts/backup';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsDialogCopy as copy } from './dialog-copy';
import {
  answers,
  calls,
  type Inside,
  renderDialog,
  useSettingsDialogHarness,
} from '../../../test/settings-dialog-harness';

useSettingsDialogHarness();

afterEach(() => {
  FakeXhr.sent = [];
  FakeFileReader.current = null;
});

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

describe('Settings dialog: data', () => {
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
});
