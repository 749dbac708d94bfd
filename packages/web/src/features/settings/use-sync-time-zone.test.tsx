// A DOM first (see test-dom.mjs).
import '../../../test-dom.mjs';
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { patches, useSettingsDialogHarness } from '../../../test/settings-dialog-harness';
import { useTimeZoneOffer } from './use-sync-time-zone';

useSettingsDialogHarness();

// This device is in Manila (the runtime reads TZ when it changes).
const DEVICE = 'Asia/Manila';
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = DEVICE;
});
afterAll(() => {
  process.env.TZ = previousTz;
});

function offerFor(userId: string, saved: string, chosen: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useTimeZoneOffer(userId, saved, chosen), { wrapper });
}

describe('the time zone offer', () => {
  it('saves the device zone silently for each new account on this browser, not only the first', async () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(DEVICE);
    const first = offerFor('user-a', 'UTC', false);
    expect(first.result.current).toBeNull();
    await vi.waitFor(() => {
      expect(patches()).toEqual([{ timeZone: DEVICE }]);
    });
    first.unmount();
    // Account A signed out; B signs up on the same browser and still holds UTC.
    const second = offerFor('user-b', 'UTC', false);
    expect(second.result.current).toBeNull();
    await vi.waitFor(() => {
      expect(patches()).toEqual([{ timeZone: DEVICE }, { timeZone: DEVICE }]);
    });
  });

  it('remembers Keep for the account that said it, never for the next one', async () => {
    const first = offerFor('user-a', 'Europe/Berlin', true);
    expect(first.result.current?.zone).toBe(DEVICE);
    act(() => {
      first.result.current?.onKeep();
    });
    expect(first.result.current).toBeNull();
    first.unmount();
    // A again, later: still kept. B, travelling the same way: asked.
    expect(offerFor('user-a', 'Europe/Berlin', true).result.current).toBeNull();
    const second = offerFor('user-b', 'Europe/Berlin', true);
    expect(second.result.current?.zone).toBe(DEVICE);
    act(() => {
      second.result.current?.onSwitch();
    });
    await vi.waitFor(() => {
      expect(patches()).toEqual([{ timeZone: DEVICE }]);
    });
  });

  it('decides nothing before the account is known', () => {
    const client = new QueryClient();
    const { result } = renderHook(() => useTimeZoneOffer(undefined, 'UTC', false), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    expect(result.current).toBeNull();
    expect(patches()).toEqual([]);
  });
});
