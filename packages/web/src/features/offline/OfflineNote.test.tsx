// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryView } from '../analytics/parts';
import { InventorySection } from '../rewards/InventorySection';
import { RewardGrid, type ShopView } from '../rewards/RewardGrid';
import { offlineCopy as copy } from './copy';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

const noop = () => undefined;

function shop(state: ShopView['state']): ShopView {
  return {
    state,
    rewards: [],
    points: 0,
    pendingId: null,
    onRetry: noop,
    actions: { onRedeem: noop, onEdit: noop, onDelete: noop, onAdd: noop },
  };
}

describe('the offline note, where a part was never read on this device', () => {
  it('stands in for the shop and the inventory', () => {
    render(<RewardGrid shop={shop('offline')} maxHeight="600px" />);
    render(<InventorySection purchases={[]} state="offline" timeZone="UTC" />);
    expect(screen.getAllByText(copy.notLoaded)).toHaveLength(2);
    // Not a live region: the header's badge says the page is offline.
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    render(<RewardGrid shop={shop('loading')} maxHeight="600px" />);
    render(<InventorySection purchases={[]} state="loading" timeZone="UTC" />);
    expect(screen.queryByText(copy.notLoaded)).toBeNull();
  });

  it("stands in for an analytics tab's figures until the connection is back", async () => {
    const fetch = vi.fn(() => Promise.resolve({ total: 42 }));
    onlineManager.setOnline(false);
    function Tab() {
      const query = useQuery({ queryKey: ['analytics-test'], queryFn: fetch });
      return <QueryView query={query}>{(data) => <p>Total {data.total}</p>}</QueryView>;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Tab />
      </QueryClientProvider>,
    );
    expect(screen.getByText(copy.notLoaded)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    act(() => {
      onlineManager.setOnline(true);
    });
    expect(await screen.findByText('Total 42')).toBeTruthy();
    expect(screen.queryByText(copy.notLoaded)).toBeNull();
  });
});
