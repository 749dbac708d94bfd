// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DayInsightsDialog } from '../calendar/DayInsightsDialog';
import { insightsFor, withCreatedOn, type DatedHabit } from './day-habits';
import { habitFixture } from '../../../test/habit-fixture';
import { renderHabitsSection } from '../../../test/habits-section-harness';
import { keepRequestsPending } from '../../../test/pending-fetch';

// Read since January; Stretch added on 12 March, two days after the day shown. "Perfect Day" is
// judged on the server with the habits that existed that day (core's isPerfectDay): Day Insights
// and the habit figures count the same ones (docs/product.md, "A habit's first day").
const DAY = '2026-03-10';
const TODAY = '2026-03-12';
const habits = withCreatedOn([
  habitFixture({ id: 'read', title: 'Read', createdAt: '2026-01-01T08:00:00Z' }),
  habitFixture({ id: 'stretch', title: 'Stretch', createdAt: '2026-03-12T08:00:00Z' }),
]);
const done = (habitId: string): CompletionEntry => ({
  habitId,
  completionDate: DAY,
  periodKey: DAY,
  xpEarned: 10,
  pointsEarned: 5,
  completedAt: '2026-03-12T09:00:00Z',
});

function withClient(children: ReactNode): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

function renderSection(completions: CompletionEntry[]): void {
  renderHabitsSection({ habits, completions, date: DAY, today: TODAY });
}

function stat(label: string | RegExp): string | null {
  return screen.getByText(label).nextElementSibling?.textContent ?? null;
}

keepRequestsPending();

describe("a habit's first day", () => {
  it('is the server’s countsFrom: a back-filled start before its creation counts from there', () => {
    const started = habitFixture({
      id: 'stretch',
      title: 'Stretch',
      createdAt: '2026-03-12T08:00:00Z',
      countsFrom: '2026-03-05',
    });
    const day = insightsFor({
      habits: withCreatedOn([habits[0] ?? started, started]),
      completions: [done('read')],
      date: DAY,
      weekStart: 0,
    });
    expect(day).toMatchObject({ completedCount: 1, totalCount: 2, addedLater: [] });
  });

  it('leaves a habit added later out of the habit figures, and lists it to be logged', () => {
    renderSection([done('read')]);
    expect(stat(/^Completed on/)).toBe('1');
    expect(stat('Total daily')).toBe('1');
    expect(stat('Completion Rate')).toBe('100%');
    expect(
      screen.getByText('1 habit was added after this day: it counts once you mark it done.'),
    ).toBeTruthy();
    const later = screen.getByText('Stretch').closest('li');
    if (!later) throw new Error('no card for Stretch');
    expect(later.dataset.addedLater).toBe('true');
    expect(within(later).getByText('Added later')).toBeTruthy();
    // Still toggled from its card; a day before it existed has nothing to skip.
    expect(within(later).getByRole('button', { name: /Mark Complete/ })).toBeTruthy();
    expect(within(later).queryByRole('button', { name: /Skip/ })).toBeNull();
    const read = screen.getByText('Read').closest('li');
    expect(read?.dataset.addedLater).toBeUndefined();
  });

  it('counts it for the day once it is back-filled, and then it is done', () => {
    renderSection([done('read'), done('stretch')]);
    expect(stat('Total daily')).toBe('2');
    expect(stat('Completion Rate')).toBe('100%');
    expect(screen.queryByText('Added later')).toBeNull();
  });
});

describe('Day Insights of a day before a habit was added', () => {
  it('counts what existed, says what was added later, and keeps its toggle', () => {
    const onToggle = vi.fn();
    const insights = insightsFor({
      habits,
      completions: [done('read')],
      date: DAY,
      weekStart: 0,
    });
    withClient(
      <DayInsightsDialog
        date={DAY}
        today={TODAY}
        insights={insights}
        onToggle={onToggle}
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Day Insights' });
    const tile = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(tile('Completed')).toBe('1');
    expect(tile('Total Tasks')).toBe('1');
    expect(tile('Completion Rate')).toBe('100%');
    expect(
      within(dialog).getByText(
        '1 habit was added after this day: it counts once you mark it done.',
      ),
    ).toBeTruthy();
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows.map((row) => row.dataset.addedLater ?? 'counted')).toEqual(['counted', 'true']);
    const stretch = rows[1];
    if (!stretch) throw new Error('no row for Stretch');
    expect(within(stretch).getByText('Added later')).toBeTruthy();
    fireEvent.click(within(stretch).getByRole('button', { name: 'Complete: Stretch' }));
    expect(onToggle).toHaveBeenCalledWith(
      expect.objectContaining<Partial<DatedHabit>>({ id: 'stretch' }),
      false,
    );
  });

  it('shows the empty text only when nothing at all is listed', () => {
    const insights = insightsFor({ habits, completions: [], date: '2025-12-31', weekStart: 0 });
    expect(insights.addedLater).toHaveLength(2);
    withClient(
      <DayInsightsDialog
        date="2025-12-31"
        today={TODAY}
        insights={insights}
        onToggle={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByText('No habits scheduled for this day.')).toBeNull();
    expect(
      screen.getByText('2 habits were added after this day: each counts once you mark it done.'),
    ).toBeTruthy();
  });
});
