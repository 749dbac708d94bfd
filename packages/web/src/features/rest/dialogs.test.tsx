// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import 'fake-indexeddb/auto';
import type { Me } from '@habitquest/contracts/me';
import { meFixture } from '../../../test/me-fixture';
import { REST_MESSAGES } from '@habitquest/contracts/rest';
import { addDays, localDateOf } from '@habitquest/core/dates';
import type { DayInsights } from '@habitquest/core/stats';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToastHost } from '../../app/ToastHost';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { habitFixture } from '../../../test/habit-fixture';
import { clearOutbox, setOutboxOwner } from '../../lib/outbox';
import { DayInsightsDialog } from '../calendar/DayInsightsDialog';
import type { DatedHabit } from '../habits/day-habits';
import { meQuery } from '../me/queries';
import { isRestingToday } from '../reminders/reminder-round';
import { PauseHabitDialog } from './PauseHabitDialog';
import { restFactsOf } from './rest-facts';
import { VacationPanel } from './VacationPanel';

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
let answer: (call: Call) => Response;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
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
      const call = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
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

const writes = () => calls.filter((call) => call.method !== 'GET');

function withClient(children: ReactNode, me?: Me): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (me) client.setQueryData(meQuery.queryKey, me);
  render(
    <QueryClientProvider client={client}>
      {children}
      <ToastHost />
    </QueryClientProvider>,
  );
  return client;
}

const habit = habitFixture({ id: 'h1', title: 'Journal 📓' });

describe('Pause habit', () => {
  const today = '2026-11-24';

  it('refuses a day before tomorrow in words, then pauses until the day picked', async () => {
    answer = (call) => (call.method === 'PUT' ? json(200, habit) : json(200, {}));
    const onClose = vi.fn();
    withClient(<PauseHabitDialog habit={habit} today={today} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Pause habit' });
    expect(within(dialog).getByText(/Journal 📓 rests from today/)).toBeTruthy();
    const date = within(dialog).getByLabelText('Back on');
    expect(date.getAttribute('min')).toBe('2026-11-25');
    fireEvent.change(date, { target: { value: today } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause habit' }));
    expect(within(dialog).getByText('Pick the day it comes back: tomorrow or later.')).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(writes()).toEqual([]);

    fireEvent.change(date, { target: { value: '2026-12-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause habit' }));
    await vi.waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(writes()).toEqual([
      { method: 'PUT', path: '/api/habits/h1/pause', body: { resumesOn: '2026-12-01' } },
    ]);
  });

  it('"Until I resume it" pauses with no end; a refusal is told in the dialog', async () => {
    answer = (call) =>
      call.method === 'PUT'
        ? json(422, {
            error: { code: 'VALIDATION', message: REST_MESSAGES.resumeNotAfterToday },
          })
        : json(200, {});
    const onClose = vi.fn();
    withClient(<PauseHabitDialog habit={habit} today={today} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Pause habit' });
    fireEvent.click(within(dialog).getByLabelText(/Until I resume it/));
    expect(within(dialog).queryByLabelText('Back on')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause habit' }));
    expect(await within(dialog).findByText(REST_MESSAGES.resumeNotAfterToday)).toBeTruthy();
    expect(writes()[0]).toEqual({
      method: 'PUT',
      path: '/api/habits/h1/pause',
      body: { resumesOn: null },
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Vacation mode', () => {
  const today = localDateOf(Date.now(), 'UTC');
  const me = (vacation: Me['vacation']): Me =>
    meFixture({ user: { id: 'u', email: 'a@example.com', username: 'a' }, vacation });

  it('says there is none, and saves a range as PUT /api/vacation', async () => {
    const vacation = { startsOn: today, endsOn: addDays(today, 9) };
    // The server's state: GET /api/me (refetched after the change) answers what PUT stored.
    let stored: Me['vacation'] = null;
    answer = (call) => {
      if (call.method === 'PUT') {
        stored = vacation;
        return json(200, { vacation });
      }
      return call.path === '/api/me' ? json(200, me(stored)) : json(200, {});
    };
    const client = withClient(<VacationPanel timeZone="UTC" />, me(null));
    expect(screen.getByText('No vacation planned.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End vacation' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: vacation.endsOn } });
    expect(screen.getByText('10 days')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save vacation' }));
    expect(
      await screen.findByText(
        /^On vacation until \w+ \d+(, \d{4})?: streaks are safe, no reminders\.$/,
      ),
    ).toBeTruthy();
    expect(writes()).toEqual([{ method: 'PUT', path: '/api/vacation', body: vacation }]);
    expect(client.getQueryData<Me>(meQuery.queryKey)?.vacation).toEqual(vacation);
  });

  it('a vacation ahead reads as planned, and Cancel vacation sends DELETE', async () => {
    answer = (call) =>
      call.method === 'DELETE'
        ? json(200, { vacation: null })
        : call.path === '/api/me'
          ? json(200, me(null))
          : json(200, {});
    withClient(
      <VacationPanel timeZone="UTC" />,
      me({ startsOn: '2099-03-01', endsOn: '2099-03-05' }),
    );
    expect(screen.getByText(/^Vacation planned from March 1, 2099 to March 5, 2099/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel vacation' }));
    expect(await screen.findByText('No vacation planned.')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'DELETE', path: '/api/vacation', body: undefined }]);
  });

  it('checks the range before sending, and shows the server’s refusal', async () => {
    answer = (call) =>
      call.method === 'PUT'
        ? json(422, { error: { code: 'VALIDATION', message: REST_MESSAGES.vacationEnded } })
        : call.path === '/api/me'
          ? json(200, me(null))
          : json(200, {});
    withClient(<VacationPanel timeZone="UTC" />, me(null));
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2099-02-10' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2099-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save vacation' }));
    expect(screen.getByText('The last day cannot come before the first day.')).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2099-02-12' } });
    expect(screen.getByText('3 days')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save vacation' }));
    expect(await screen.findByText(REST_MESSAGES.vacationEnded)).toBeTruthy();
    expect(screen.getByText('No vacation planned.')).toBeTruthy();
  });
});

describe('Day Insights with resting habits', () => {
  it('lists why each rests, says how many, and keeps Complete', () => {
    const dated = (id: string, title: string): DatedHabit => ({
      ...habitFixture({ id, title }),
      createdOn: '2026-01-01',
    });
    const insights: DayInsights<DatedHabit> = {
      completedCount: 1,
      totalCount: 1,
      restingCount: 2,
      completionRate: 100,
      xpEarned: 10,
      habitsForDay: [
        { habit: dated('a', 'Run'), isCompleted: true, rest: null },
        { habit: dated('b', 'Read'), isCompleted: false, rest: 'skipped' },
        { habit: dated('c', 'Swim'), isCompleted: false, rest: 'vacation' },
      ],
      addedLater: [],
    };
    withClient(
      <DayInsightsDialog
        date="2026-11-24"
        today="2026-11-24"
        insights={insights}
        onToggle={() => undefined}
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Day Insights' });
    expect(
      within(dialog).getByText('2 habits rest this day: streaks safe, not counted.'),
    ).toBeTruthy();
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-rest'))).toEqual([null, 'skipped', 'vacation']);
    const [, skipped, away] = rows;
    if (!skipped || !away) throw new Error('the resting rows are missing');
    expect(within(skipped).getByText('Skipped — streak safe')).toBeTruthy();
    expect(within(away).getByText('On vacation — streak safe')).toBeTruthy();
    expect(within(skipped).getByRole('button', { name: 'Complete: Read' })).toBeTruthy();
  });
});

describe('reminders and rest', () => {
  const facts = restFactsOf({
    habits: [
      habitFixture({ id: 'paused', pause: { startsOn: '2026-11-20', resumesOn: null } }),
      habitFixture({ id: 'weekly', frequency: 'weekly' }),
      habitFixture({ id: 'daily' }),
    ],
    skips: [{ habitId: 'weekly', date: '2026-11-23' }],
    vacation: { startsOn: '2026-12-01', endsOn: '2026-12-03' },
  });

  it('a paused habit, a skipped week and a vacation day are resting; nothing else is', () => {
    expect(isRestingToday({ id: 'paused', frequency: 'daily' }, facts, '2026-11-24', 0)).toBe(true);
    // Skipped on Monday: the rest of that week gets no reminder either.
    expect(isRestingToday({ id: 'weekly', frequency: 'weekly' }, facts, '2026-11-27', 0)).toBe(
      true,
    );
    expect(isRestingToday({ id: 'weekly', frequency: 'weekly' }, facts, '2026-11-30', 0)).toBe(
      false,
    );
    expect(isRestingToday({ id: 'daily', frequency: 'daily' }, facts, '2026-11-24', 0)).toBe(false);
    expect(isRestingToday({ id: 'daily', frequency: 'daily' }, facts, '2026-12-02', 0)).toBe(true);
  });
});
