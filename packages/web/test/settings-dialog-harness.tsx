/**
 * Tests only: what the settings dialog's tests share. A stand-in for the server behind fetch (it
 * records every call and answers the defaults below, or what a test set in `answers`), the
 * dialog rendered with the app's toasts, and the page's visibility. Call
 * `useSettingsDialogHarness()` at the top of a test file, after its DOM (test-dom.mjs) is
 * imported.
 */
import type { Me } from '@habitquest/contracts/me';
import { meFixture } from './me-fixture';
import { DEFAULT_SETTINGS, type Settings } from '@habitquest/contracts/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ToastHost } from '../src/app/ToastHost';
import { setOutboxOwner } from '../src/lib/outbox';
import { SettingsDialog, type SettingsTab } from '../src/features/settings/SettingsDialog';

type Call = { method: string; path: string; body: unknown };
/** Every request the dialog made, in order. */
export const calls: Call[] = [];
/** Answers a test gives to paths of its own, instead of the defaults below. */
export const answers = new Map<string, () => Response>();

export const ACCOUNT_SIZE = {
  habits: 3,
  completions: 12,
  categories: 9,
  rewards: 2,
  inventory: 1,
  ledger: 14,
  bytes: 4096,
};

export function useSettingsDialogHarness(): void {
  beforeEach(() => {
    // Signed in, as the session follower (features/auth/outbox-owner.ts) says once the server
    // answers.
    setOutboxOwner('user-1', true);
    calls.length = 0;
    answers.clear();
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
  });
}

/** A signed-in account, for the tests that need GET /api/me's answer in the cache. */
export const SIGNED_IN: Me = meFixture();

export function renderDialog(tab: SettingsTab, settings: Settings = DEFAULT_SETTINGS) {
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

export type Inside = ReturnType<typeof renderDialog>['inside'];

/** The bodies of the PATCHes sent, in order. */
export const patches = () =>
  calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

export function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}
