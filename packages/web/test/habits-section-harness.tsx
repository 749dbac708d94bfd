/** Tests only: the habit section on its own, daily tab, with a query client of its own. */
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { LocalDate } from '@habitquest/core/dates';
import { NO_REST_FACTS } from '@habitquest/core/stats';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { DatedHabit } from '../src/features/habits/day-habits';
import { HabitsSection } from '../src/features/habits/HabitsSection';

export function renderHabitsSection(options: {
  habits: DatedHabit[];
  completions: CompletionEntry[];
  date: LocalDate;
  today: LocalDate;
}): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HabitsSection
        {...options}
        frequency="daily"
        onFrequencyChange={() => undefined}
        weekStart={0}
        categories={[]}
        rest={NO_REST_FACTS}
        timeZone="UTC"
      />
    </QueryClientProvider>,
  );
}
