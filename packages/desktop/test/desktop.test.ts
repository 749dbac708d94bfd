/**
 * The desktop shell end to end under Xvfb (docs/desktop.md): its own window on the dashboard,
 * the tray on the session bus, hide and restore, native notifications with actions, a reminder
 * in the background claimed once, single instance, the navigation lock, and a clean exit.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NOTIFICATION_AUTO_CLOSE_MS } from '@habitquest/core/reminders/notification';
import { REMINDER_TEXTS } from '@habitquest/core/reminders/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasDesktopSystem,
  MISSING_SYSTEM,
  prepareShell,
  screenshotScreen,
  shownWindows,
  stopShell,
  until,
  type ShellUnderTest,
} from './launch';
import { desktopCopy } from '../src/copy';
import { clickTrayItem, startDesktopSession, trayMenu, type DesktopSession } from './session';

const results = path.resolve(import.meta.dirname, '../../../test-results');

/** Evening (9 PM) now in some whole-hour zone: the evening reminder is due there. */
function eveningZone(now = new Date()): string {
  let offset = (21 - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0
    ? 'Etc/GMT'
    : offset > 0
      ? `Etc/GMT-${String(offset)}`
      : `Etc/GMT+${String(-offset)}`;
}

describe('the desktop shell', () => {
  let session: DesktopSession;
  let under: ShellUnderTest;
  let shell: ChildProcess;
  let shellOutput = '';
  const control = (command: string, script?: string): Promise<unknown> =>
    under.control(command, script);
  const evaluate = <T>(script: string): Promise<T> => under.evaluate<T>(script);
  const opened = (): string => under.opened();
  /** fetch() inside the window, as the signed-in user. */
  const pageFetch = async <T>(method: string, url: string, body?: unknown): Promise<T> =>
    await evaluate<T>(
      `fetch(${JSON.stringify(url)}, { method: ${JSON.stringify(method)}, headers: { 'content-type': 'application/json' }, ${
        body === undefined ? '' : `body: ${JSON.stringify(JSON.stringify(body))}`
      } }).then((r) => r.json())`,
    );
  const xWindows = (): Promise<string[]> => shownWindows(session.display);
  const launch = (): ChildProcess => under.launch();

  beforeAll(async () => {
    if (!hasDesktopSystem()) throw new Error(MISSING_SYSTEM);
    session = await startDesktopSession();
    under = await prepareShell(session);
    shell = launch();
    for (const stream of [shell.stdout, shell.stderr])
      stream?.on('data', (chunk: Buffer) => (shellOutput += chunk.toString()));
    await until('the shell', async () => (await control('status')) !== null, 90_000).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}\n${shellOutput}`);
      },
    );
    // A new user, signed in through the window (the cookie lands in its browser).
    await pageFetch('POST', '/api/auth/sign-up/email', {
      email: 'desk@example.com',
      username: 'desk',
      password: 'correct horse',
      name: 'desk',
    });
    await pageFetch('PATCH', '/api/settings', {
      timeZone: eveningZone(),
      audio: { soundEffects: true, music: true },
    });
    await pageFetch('POST', '/api/habits', { title: 'Stretch', frequency: 'daily' });
    await evaluate(`location.assign('/')`);
    // Generous, as for the shell: a first load on a busy two-core machine has taken over 20 s.
    await until(
      'the dashboard',
      () => evaluate<boolean>(`document.body.innerText.includes('Stretch')`),
      60_000,
    );
  }, 150_000);

  afterAll(async () => {
    // Each is unset when a step before it failed.
    await stopShell({ shell, session, under });
  });

  it('opens a window titled HabitQuest on the dashboard', async () => {
    expect(await evaluate<string>('document.title')).toContain('HabitQuest');
    expect(await xWindows()).toHaveLength(1);
    const png = (await control('screenshot')) as string;
    mkdirSync(results, { recursive: true });
    writeFileSync(path.join(results, 'desktop-window.png'), Buffer.from(png, 'base64'));
    // The page knows it is in the shell; no automation bar or debugging port was asked for.
    expect(await evaluate<boolean>('typeof window.__habitquestDesktop?.token === "string"')).toBe(
      true,
    );
    const { pids } = (await control('status')) as { pids: { browser: number } };
    const cmdline = readFileSync(`/proc/${String(pids.browser)}/cmdline`, 'utf8');
    expect(cmdline).toContain('--remote-debugging-pipe');
    expect(cmdline).not.toContain('--remote-debugging-port');
    expect(cmdline).not.toContain('--enable-automation');
  });

  it('puts an icon with Show/Hide, the habits due today and Exit in the tray', async () => {
    const menu = await until('the tray menu', async () => {
      const found = await trayMenu(session);
      return found.items.some((item) => item.label === '1 habit still due today') ? found : null;
    });
    expect(menu.items.filter((item) => item.label !== '').map((item) => item.label)).toEqual([
      'Hide to Tray',
      '1 habit still due today',
      'Exit',
    ]);
    // The count is information, not a command.
    expect(menu.items.find((item) => item.label === '1 habit still due today')?.enabled).toBe(
      false,
    );
    // The same menu as GTK draws it (a tray host draws its own from these entries).
    await control('tray-menu');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await screenshotScreen(session.display, path.join(results, 'desktop-tray-menu.png'));
    await control('tray-menu-close');
  });

  it('hides to the tray: window gone, process alive, music stopped; restores in the same state', async () => {
    await evaluate(
      `window.__desktopMarker = 42; window.dispatchEvent(new PointerEvent('pointerdown'))`,
    );
    await until('the music', () => evaluate<boolean>('window.__habitquestAudio().musicPlaying'));
    await clickTrayItem(session, 'Hide to Tray');
    await until('the window to go', async () => (await xWindows()).length === 0);
    expect(shell.exitCode).toBeNull();
    expect(await evaluate<boolean>('window.__habitquestAudio().musicPlaying')).toBe(false);
    expect((await trayMenu(session)).items[0]?.label).toBe('Show HabitQuest');
    // The first hide in a run says, for 3 s, that the app goes on in the tray.
    const notice = await until('the tray notice', () =>
      session.notifications.find((shown) => shown.summary === desktopCopy.trayNotice.title),
    );
    expect(notice.expireTimeout).toBe(3_000);

    // While hidden, the shell's round sends the evening reminder, claimed once on the server.
    await evaluate(
      `window.__habitquestDesktopCall(JSON.stringify({ token: window.__habitquestDesktop.token, command: 'record_habit_completion_backend', args: { habitId: '00000000-0000-4000-8000-000000000000' } }))`,
    );
    const reminder = await until('the evening reminder', () =>
      session.notifications.find((shown) => shown.summary === REMINDER_TEXTS.evening.title),
    );
    expect(reminder.appName).toBe('HabitQuest');
    // Not persistent (the default): it closes itself after 8 s.
    expect(reminder.expireTimeout).toBe(NOTIFICATION_AUTO_CLOSE_MS);
    expect(reminder.actions).toEqual([
      'default',
      'HabitQuest',
      'complete',
      'Mark complete',
      'snooze',
      'Snooze',
    ]);
    const habits = await pageFetch<{ id: string }[]>('GET', '/api/habits');
    const claim = await pageFetch<{ habitIds: string[] }>('POST', '/api/reminders/claim', {
      kind: 'evening',
      habitIds: habits.map((habit) => habit.id),
      channel: 'tab',
    });
    expect(claim.habitIds).toEqual([]);
    const sent = await pageFetch<{ kind: string }[]>('GET', '/api/reminders/sent');
    expect(sent.filter((entry) => entry.kind === 'evening')).toHaveLength(1);

    // 'Mark complete' on it completes the habit for that day.
    session.invokeAction(reminder.id, 'complete');
    await until('the completion', async () => {
      const [habit] = await pageFetch<{ lastCompletedAt: string | null }[]>('GET', '/api/habits');
      return habit?.lastCompletedAt !== null;
    });
    // 'Snooze' snoozes this device's reminders for an hour, as the panel's button does.
    session.invokeAction(reminder.id, 'snooze');
    const snoozedUntil = await until('the snooze', () =>
      evaluate<number | null>(
        `JSON.parse(localStorage.getItem('habitquest-reminders') ?? '{}').snoozedUntil ?? null`,
      ),
    );
    expect(snoozedUntil - Date.now()).toBeGreaterThan(55 * 60_000);

    await clickTrayItem(session, 'Show HabitQuest');
    await until('the window to return', async () => (await xWindows()).length === 1);
    expect(await evaluate<number>('window.__desktopMarker')).toBe(42);
    await until('the music again', () =>
      evaluate<boolean>('window.__habitquestAudio().musicPlaying'),
    );

    // A click on the notification itself brings the hidden window forward.
    await clickTrayItem(session, 'Hide to Tray');
    await until('the window to go', async () => (await xWindows()).length === 0);
    // The tray notice was said once in this run, not at every hide.
    expect(
      session.notifications.filter((shown) => shown.summary === desktopCopy.trayNotice.title),
    ).toHaveLength(1);
    session.invokeAction(reminder.id, 'default');
    await until('the window to return', async () => (await xWindows()).length === 1);
  }, 90_000);

  it('shows the service running in Settings and sends Test Notification to the system', async () => {
    // A press as the user makes it: Radix's tabs switch on mousedown, buttons act on click.
    const click = (text: string): Promise<boolean> =>
      evaluate<boolean>(
        `(() => { const el = [...document.querySelectorAll('button, [role="tab"]')].find((b) => b.textContent.trim() === ${JSON.stringify(text)}); el?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })); el?.click(); return Boolean(el); })()`,
      );
    await until('Settings', () => click('Settings'));
    await until('the Notifications tab', () => click('Notifications'));
    const panel = await until('the panel', async () => {
      const text = await evaluate<string>(
        'document.querySelector("[role=dialog]")?.innerText ?? ""',
      );
      // The service's state is the shell's answer, asked as the panel opens.
      return text.includes('Test Notification') && !text.includes('Checking...') ? text : null;
    });
    expect(panel).toContain('Running in the HabitQuest desktop app');
    expect(panel).toContain('Minimize to Tray');
    expect(panel).toContain('Exit HabitQuest');
    await evaluate(
      `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Exit HabitQuest')?.scrollIntoView({ block: 'center' })`,
    );
    const png = (await control('screenshot')) as string;
    writeFileSync(path.join(results, 'desktop-settings.png'), Buffer.from(png, 'base64'));
    const before = session.notifications.length;
    expect(await click('Test Notification')).toBe(true);
    const test = await until('the test notification', () =>
      session.notifications
        .slice(before)
        .find((shown) => shown.summary === 'HabitQuest reminders are on'),
    );
    expect(test.body).toContain('This is how a reminder looks');
    expect(test.actions).toEqual(['default', 'HabitQuest']);
    await evaluate(`document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))`);
    // A wrong token reaches nothing.
    const refused = await evaluate<string>(
      `window.__habitquestDesktopCall(JSON.stringify({ token: 'guess', command: 'minimize_to_tray', args: {} }))`,
    );
    expect(JSON.parse(refused)).toEqual({ ok: false, error: 'not authorised' });
  });

  it('brings the first window forward on a second launch', async () => {
    await control('hide');
    await until('hidden', async () => (await xWindows()).length === 0);
    const second = launch();
    let output = '';
    second.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => second.once('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('already running');
    await until('the window to return', async () => (await xWindows()).length === 1);
  });

  it('keeps the window on the app and opens other sites in the default browser', async () => {
    await evaluate(`location.href = 'https://example.com/elsewhere'`);
    await until('the outside link', () => opened().includes('https://example.com/elsewhere'));
    await evaluate(`window.open('https://example.org/new-window', '_blank')`);
    await until('the new window', () => opened().includes('https://example.org/new-window'));
    const status = (await control('status')) as { url: string; origin: string };
    expect(status.url.startsWith(status.origin)).toBe(true);
  });

  it('exits from the tray and ends every process it started', async () => {
    const { pids } = (await control('status')) as { pids: Record<string, number | null> };
    await clickTrayItem(session, 'Exit');
    await new Promise((resolve) => shell.once('exit', resolve));
    for (const pid of Object.values(pids)) {
      if (pid === null) continue;
      await until(`process ${String(pid)} to end`, () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      });
    }
    expect(shellOutput).not.toMatch(/Error/);
  });
});
