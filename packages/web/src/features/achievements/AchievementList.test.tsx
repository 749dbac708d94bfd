// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import type { AchievementList as List } from '@habitquest/contracts/achievements';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineCopy } from '../offline/copy';
import { AchievementList } from './AchievementList';
import { achievementsCopy as copy } from './copy';

const LIST: List = {
  achievements: [
    {
      id: 'first-step',
      title: 'First Step',
      condition: 'Create your first habit',
      icon: 'sprout',
      unlockedAt: '2026-11-30T08:00:00.000Z',
      progress: { current: 1, target: 1 },
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

function renderList(): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AchievementList timeZone="UTC" />
    </QueryClientProvider>,
  );
}

describe('AchievementList', () => {
  it('says it waits for the connection when it was never loaded offline, then loads', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(LIST))));
    vi.stubGlobal('fetch', fetch);
    onlineManager.setOnline(false);
    renderList();
    expect(screen.getByText(offlineCopy.notLoaded)).toBeTruthy();
    expect(screen.queryByText(copy.loading)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();

    // Back online: the paused read goes out by itself.
    act(() => {
      onlineManager.setOnline(true);
    });
    expect(await screen.findByText('First Step')).toBeTruthy();
    expect(screen.queryByText(offlineCopy.notLoaded)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows loading while the read is on its way online', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderList();
    expect(screen.getByText(copy.loading)).toBeTruthy();
    expect(screen.queryByText(offlineCopy.notLoaded)).toBeNull();
  });
});
