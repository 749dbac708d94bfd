// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DayInsightsDialog } from '../calendar/DayInsightsDialog';
import { insightsFor, withCreatedOn } from './day-habits';
import { habitFixture } from '../../../test/habit-fixture';
import { renderHabitsSection } from '../../../test/habits-section-harness';
import { keepRequestsPending } from '../../../test/pending-fetch';

// The account moved from Kiritimati to Pago Pago: Read was done for 1 December there, which is
// tomorrow here. A future day cannot be completed, but an undo is never refused for its date
// (docs/product.md, "Periods and today").
const TODAY = '2026-11-30';
const AHEAD = '2026-12-01';
const habits = withCreatedOn([
  habitFixture({ id: 'read', title: 'Read', createdAt: '2026-11-01T08:00:00Z' }),
  habitFixture({ id: 'run', title: 'Run', createdAt: '2026-11-01T08:00:00Z' }),
]);
const readAhead: CompletionEntry = {
  habitId: 'read',
  completionDate: AHEAD,
  periodKey: AHEAD,
  xpEarned: 10,
  pointsEarned: 5,
  completedAt: '2026-11-30T20:00:00Z',
};

keepRequestsPending();

describe('a completion that lies ahead', () => {
  it('can be undone from Day Insights; an undone habit of that day cannot be completed', () => {
    const onToggle = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DayInsightsDialog
          date={AHEAD}
          today={TODAY}
          insights={insightsFor({ habits, completions: [readAhead], date: AHEAD, weekStart: 0 })}
          onToggle={onToggle}
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Day Insights' });
    const read = within(dialog).getByRole('button', { name: 'Completed: Read' });
    const run = within(dialog).getByRole('button', { name: 'Complete: Run' });
    expect(read).toHaveProperty('disabled', false);
    expect(read.getAttribute('aria-describedby')).toBeNull();
    expect(run).toHaveProperty('disabled', true);
    expect(run.getAttribute('aria-describedby')).not.toBeNull();
    fireEvent.click(read);
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'read' }), true);
  });

  it('can be undone from its habit card; the card of an undone habit stays closed', () => {
    renderHabitsSection({ habits, completions: [readAhead], date: AHEAD, today: TODAY });
    const read = screen.getByRole('button', { name: /Completed/, pressed: true });
    const run = screen.getByRole('button', { name: /Mark Complete/, pressed: false });
    expect(read).toHaveProperty('disabled', false);
    expect(read.getAttribute('title')).toBe('Undo completion');
    expect(run).toHaveProperty('disabled', true);
    expect(run.getAttribute('title')).toBe("You can't complete a habit for a future day.");
  });
});
