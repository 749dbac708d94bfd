/**
 * The web app's side of the desktop bridge: found only where the shell put its token, every
 * command carries the token, and any failure answers null (docs/desktop.md: desktop command errors are
 * silent).
 */
// A DOM first (see test-dom.mjs).
import '../../../test-dom.mjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installShell, removeShell } from '../../../test/desktop-shell-stand-in';
import { desktopCall, desktopShell, isInDesktopShell, onShellEvent } from './desktop-shell';
import { listenToShell } from './shell-listeners';

afterEach(() => {
  removeShell();
});

describe('the desktop bridge in the page', () => {
  it('is absent in a plain browser, where commands answer null without trying', async () => {
    expect(desktopShell()).toBeNull();
    expect(isInDesktopShell()).toBe(false);
    expect(await desktopCall('is_background_service_running', {})).toBeNull();
  });

  it('sends the token, the command and its arguments, and answers the result', async () => {
    const binding = vi.fn((request: string) => {
      const parsed = JSON.parse(request) as { token: string; command: string; args: unknown };
      expect(parsed).toEqual({
        token: 'secret',
        command: 'record_habit_completion_backend',
        args: { habitId: 'h1' },
      });
      return Promise.resolve(JSON.stringify({ ok: true, result: null }));
    });
    installShell(binding);
    expect(isInDesktopShell()).toBe(true);
    expect(await desktopCall('record_habit_completion_backend', { habitId: 'h1' })).toBeNull();
    expect(binding).toHaveBeenCalledOnce();
    binding.mockImplementation(() => Promise.resolve(JSON.stringify({ ok: true, result: true })));
    expect(await desktopCall('is_background_service_running', {})).toBe(true);
  });

  it('swallows a refusal, a thrown error and a garbled reply', async () => {
    installShell(() => Promise.resolve(JSON.stringify({ ok: false, error: 'not authorised' })));
    expect(await desktopCall('minimize_to_tray', {})).toBeNull();
    installShell(() => Promise.reject(new Error('the shell went away')));
    expect(await desktopCall('minimize_to_tray', {})).toBeNull();
    installShell(() => Promise.resolve('<html>'));
    expect(await desktopCall('minimize_to_tray', {})).toBeNull();
  });

  it('hears what the shell tells the page until it stops listening', () => {
    const heard: string[] = [];
    const off = onShellEvent((event) => heard.push(event.type));
    window.dispatchEvent(new CustomEvent('habitquest:desktop', { detail: { type: 'hidden' } }));
    off();
    window.dispatchEvent(new CustomEvent('habitquest:desktop', { detail: { type: 'shown' } }));
    expect(heard).toEqual(['hidden']);
  });

  it('reports clicks at most once a minute and every focus, for the shell’s session of use', async () => {
    const sent: { command: string; args: unknown }[] = [];
    installShell((request: string) => {
      const { command, args } = JSON.parse(request) as { command: string; args: unknown };
      sent.push({ command, args });
      return Promise.resolve(JSON.stringify({ ok: true, result: null }));
    });
    const stop = listenToShell();
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    stop();
    window.dispatchEvent(new Event('focus'));
    await Promise.resolve();
    expect(sent.filter((call) => call.command === 'record_app_activity')).toEqual([
      { command: 'record_app_activity', args: { kind: 'interaction' } },
      { command: 'record_app_activity', args: { kind: 'focus' } },
      { command: 'record_app_activity', args: { kind: 'focus' } },
    ]);
  });
});
