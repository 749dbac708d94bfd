// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import 'fake-indexeddb/auto';
import type { Habit } from '@habitquest/contracts/habits';
import { REST_MESSAGES } from '@habitquest/contracts/rest';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ToastHost } from '../../app/ToastHost';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { habitFixture } from '../../../test/habit-fixture';
import { clearOutbox, setOutboxOwner } from '../../lib/outbox';
import { withCreatedOn } from '../habits/day-habits';
import { HabitsSection } from '../habits/HabitsSection';
import { habitsQuery } from '../habits/queries';
import { yearSkipsQuery } from './queries';
import { useRestFacts } from './use-rest';

const TODAY = '2026-11-24';

type Call = { method: string; path: string; body: unknown; key: string | null };
let calls: Call[] = [];
let answer: (call: Call) => Response;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(async () => {
  // Signed in, as the session follower (features/auth/outbox-owner.ts) says once the server answers.
  setOutboxOwner('user-1', true);
  await clearOutbox();
  calls = [];
  answer = () => json(200, {});
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const call = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        key: headers.get('idempotency-key'),
      };
      calls.push(call);
      return Promise.resolve(answer(call));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The dashboard's wiring, from the cache only: habits, this year's skips, the section. */
function Harness() {
  const habits = useQuery({ ...habitsQuery, enabled: false }).data ?? [];
  const rest = useRestFacts({
    years: [2026],
    isEnabled: false,
    habits,
    vacation: null,
  });
  return (
    <HabitsSection
      habits={withCreatedOn(habits)}
      completions={[]}
      date={TODAY}
      today={TODAY}
      frequency="daily"
      onFrequencyChange={() => undefined}
      weekStart={0}
      categories={[]}
      rest={rest}
      timeZone="UTC"
    />
  );
}

function renderSection(habits: Habit[], skips: { habitId: string; date: string }[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(habitsQuery.queryKey, habits);
  client.setQueryData(yearSkipsQuery(2026).queryKey, skips);
  render(
    <QueryClientProvider client={client}>
      <Harness />
      <ToastHost />
    </QueryClientProvider>,
  );
  return client;
}

const read = habitFixture({ id: 'read', title: 'Read', createdAt: '2026-01-01T08:00:00Z' });
const walk = habitFixture({ id: 'walk', title: 'Walk', createdAt: '2026-01-01T08:00:00Z' });

function card(title: string): HTMLElement {
  const heading = screen.getByRole('heading', { name: title });
  const item = heading.closest('li');
  if (!item) throw new Error(`no card for ${title}`);
  return item;
}

function stat(label: string): string {
  return screen.getByText(label).nextElementSibling?.textContent ?? '';
}

describe('rest on the habit cards', () => {
  it('a skipped card says its streak is safe, offers Unskip and leaves the figures', () => {
    renderSection([read, walk], [{ habitId: 'read', date: TODAY }]);
    const skipped = within(card('Read'));
    expect(skipped.getByText('Skipped — streak safe')).toBeTruthy();
    expect(skipped.getByRole('button', { name: 'Unskip: Read' })).toBeTruthy();
    // Completing stays possible: it ends the skip.
    expect(skipped.getByRole('button', { name: /Mark Complete/ })).toBeTruthy();
    expect(within(card('Walk')).getByRole('button', { name: 'Skip today: Walk' })).toBeTruthy();
    expect(stat('Total daily')).toBe('1');
    expect(stat('Completion Rate')).toBe('0%');
  });

  it('a day on which every habit of the tab rests shows no rate, not a red 0 %', () => {
    renderSection(
      [read, walk],
      [
        { habitId: 'read', date: TODAY },
        { habitId: 'walk', date: TODAY },
      ],
    );
    expect(stat('Total daily')).toBe('0');
    expect(stat('Completion Rate')).toBe('–');
    expect(screen.getByText('Completion Rate').nextElementSibling?.className).not.toMatch(/red/);
  });

  it('Skip today rests the card at once and sends PUT …/skips/:date {skipped: true} with a key', async () => {
    answer = (call) =>
      call.method === 'PUT'
        ? json(200, { skipped: true, habit: { ...read, streak: 4 } })
        : json(200, {});
    renderSection([read]);
    fireEvent.click(screen.getByRole('button', { name: 'Skip today: Read' }));
    expect(await within(card('Read')).findByText('Skipped — streak safe')).toBeTruthy();
    await vi.waitFor(() => {
      expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    });
    const [put] = calls.filter((call) => call.method === 'PUT');
    expect(put).toMatchObject({ path: `/api/habits/read/skips/${TODAY}`, body: { skipped: true } });
    expect(put?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Read: skipped today — your streak is safe.')).toBeTruthy();
  });

  it('a refusal shows the server’s words and puts the card back', async () => {
    answer = (call) =>
      call.method === 'PUT'
        ? json(409, { error: { code: 'CONFLICT', message: REST_MESSAGES.skipCompleted } })
        : json(200, {});
    renderSection([read]);
    fireEvent.click(screen.getByRole('button', { name: 'Skip today: Read' }));
    expect(await screen.findByText(REST_MESSAGES.skipCompleted)).toBeTruthy();
    await vi.waitFor(() => {
      expect(within(card('Read')).queryByText('Skipped — streak safe')).toBeNull();
    });
    expect(within(card('Read')).getByRole('button', { name: 'Skip today: Read' })).toBeTruthy();
  });

  it('a paused habit leaves the list; Paused (1) shows it, and Resume sends DELETE …/pause', async () => {
    const paused = { ...walk, pause: { startsOn: '2026-11-20', resumesOn: null } };
    answer = (call) =>
      call.method === 'DELETE' ? json(200, { ...walk, pause: null }) : json(200, {});
    renderSection([read, paused]);
    expect(screen.queryByRole('heading', { name: 'Walk' })).toBeNull();
    const filter = await screen.findByRole('button', { name: 'Paused (1)' });
    expect(filter.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(filter);
    const region = await screen.findByRole('region', { name: 'Paused' });
    expect(within(region).getByText('Walk')).toBeTruthy();
    expect(within(region).getByText('Paused until you resume it')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(region).getByRole('button', { name: 'Resume Walk' }));
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading', { name: 'Walk' })).toBeTruthy();
    await vi.waitFor(() => {
      expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/habits/walk/pause');
    });
    expect(screen.queryByRole('button', { name: /^Paused \(/ })).toBeNull();
  });

  it('a habit created after the day shown offers no skip (the server would refuse it)', () => {
    renderSection([{ ...read, createdAt: '2026-11-25T08:00:00Z' }]);
    expect(within(card('Read')).queryByRole('button', { name: /^Skip/ })).toBeNull();
  });
});
