// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWarmLaterSections } from './warm-later';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANSWERS: Record<string, unknown> = {
  '/api/rewards': [],
  '/api/purchases': [],
  '/api/achievements': { achievements: [] },
};

describe('useWarmLaterSections', () => {
  it('reads the shop, inventory and achievements once idle, and renders nothing again for them', async () => {
    const fetch = vi.fn((path: string) =>
      Promise.resolve(new Response(JSON.stringify(ANSWERS[path] ?? null))),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let renders = 0;
    function Host() {
      renders += 1;
      useWarmLaterSections();
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <Host />
      </QueryClientProvider>,
    );
    expect(fetch).not.toHaveBeenCalled();
    await vi.waitFor(() => {
      for (const path of Object.keys(ANSWERS))
        expect(client.getQueryData([path.slice(5)])).toBeDefined();
    });
    expect(fetch.mock.calls.map(([path]) => path).sort()).toEqual(Object.keys(ANSWERS).sort());
    // Once when mounted, once when the page went idle: the answers themselves render nothing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(renders).toBe(2);
  });
});
