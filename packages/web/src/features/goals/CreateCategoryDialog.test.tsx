// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import 'fake-indexeddb/auto';
import { duplicateCategoryMessage, type Category } from '@habitquest/contracts/categories';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOutbox, outboxEntries, setOutboxOwner } from '../../lib/outbox';
import { reportReachable } from '../../lib/reachability';
import { endOfflineTest } from '../../../test/offline-teardown';
import { CreateCategoryDialog } from './CreateCategoryDialog';
import { categoriesQuery } from './queries';

function category(id: string, name: string, isFallback = false): Category {
  const createdAt = '2026-01-01T00:00:00.000Z';
  return { id, name, color: '#6366f1', monthlyTargetXp: 200, isFallback, createdAt };
}

let writes: string[] = [];

beforeEach(async () => {
  setOutboxOwner('user-1', true);
  await clearOutbox();
  writes = [];
  // Offline: a create that passes the check waits in the outbox.
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') !== 'GET') writes.push(path);
      return Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
  reportReachable(false);
});
afterEach(endOfflineTest);

/** The dialog over a cache holding HEALTH & FITNESS and a category made offline, still queued. */
function openDialog(onOpenChange = vi.fn()): HTMLElement {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(categoriesQuery.queryKey, [
    category('c1', 'HEALTH & FITNESS'),
    category('c2', 'SIDE PROJECTS'),
    category('c3', 'UNCATEGORIZED HABITS', true),
  ]);
  render(
    <QueryClientProvider client={client}>
      <CreateCategoryDialog onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Create Category' });
}

function submit(dialog: HTMLElement, name: string): void {
  fireEvent.change(within(dialog).getByLabelText('Category name'), { target: { value: name } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
}

describe('a category name the cached categories already hold', () => {
  it.each([
    [' health & fitness ', 'HEALTH & FITNESS'],
    ['Side Projects', 'SIDE PROJECTS'],
    ['uncategorized habits', 'UNCATEGORIZED HABITS'],
  ])(
    '"%s" is refused at once with the server\'s words, and nothing is queued',
    async (typed, name) => {
      const onOpenChange = vi.fn();
      const dialog = openDialog(onOpenChange);
      submit(dialog, typed);
      expect(await within(dialog).findByText(duplicateCategoryMessage(name))).toBeTruthy();
      expect(within(dialog).getByLabelText('Category name').getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(outboxEntries()).toEqual([]);
      expect(writes).toEqual([]);
      expect(onOpenChange).not.toHaveBeenCalled();
    },
  );

  it('a new name is queued offline and the dialog closes', async () => {
    const onOpenChange = vi.fn();
    const dialog = openDialog(onOpenChange);
    submit(dialog, 'Reading');
    await vi.waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(outboxEntries().map((entry) => [entry.type, (entry.body as Category).name])).toEqual([
      ['category-create', 'READING'],
    ]);
  });
});
