// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { habitFixture } from '../../../test/habit-fixture';
import { insightsFor, withCreatedOn } from '../habits/day-habits';
import { restFactsOf } from '../rest/rest-facts';
import { DayInsightsDialog } from './DayInsightsDialog';

const DAY = '2026-11-24';
const habits = withCreatedOn([
  habitFixture({ id: 'read', title: 'Read', createdAt: '2026-11-01T08:00:00Z' }),
  habitFixture({ id: 'run', title: 'Run', createdAt: '2026-11-01T08:00:00Z' }),
]);

afterEach(cleanup);

/** Day Insights of DAY over `list`, and the figure under `label`. */
function figures(
  list: typeof habits,
  rest?: ReturnType<typeof restFactsOf>,
): (label: string) => string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DayInsightsDialog
        date={DAY}
        today={DAY}
        insights={insightsFor({ habits: list, completions: [], date: DAY, weekStart: 0, rest })}
        onToggle={() => undefined}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Day Insights' }));
  return (label) => dialog.getByText(label).nextElementSibling?.textContent ?? '';
}

describe('Day Insights: the completion rate', () => {
  it('of a day with habits due and none done reads 0%', () => {
    const figure = figures(habits);
    expect(figure('Total Tasks')).toBe('2');
    expect(figure('Completion Rate')).toBe('0%');
  });

  it('of a day with no habit reads "–", as the hero and the habit tabs do, not 0%', () => {
    const figure = figures([]);
    expect(figure('Total Tasks')).toBe('0');
    expect(figure('Completion Rate')).toBe('–');
  });

  it('of a day on which every habit rests (a vacation) reads "–"', () => {
    const figure = figures(
      habits,
      restFactsOf({ habits, skips: [], vacation: { startsOn: DAY, endsOn: DAY } }),
    );
    expect(figure('Total Tasks')).toBe('0');
    expect(figure('Completion Rate')).toBe('–');
  });
});
