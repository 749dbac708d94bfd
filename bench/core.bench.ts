/**
 * How the hot rules of core cost against a bare loop over the same data: the dashboard computes
 * streaks and day insights for every habit on every render of a day, so they must stay cheap.
 */
import { addDays } from '@habitquest/core/dates';
import type { CompletionFacts, HabitFacts } from '@habitquest/core/model';
import { dayInsights } from '@habitquest/core/stats';
import { habitStreaks } from '@habitquest/core/streaks';

const TODAY = '2026-11-22';
const dates = Array.from({ length: 365 }, (_, i) => addDays(TODAY, -i));
const habits: HabitFacts[] = Array.from({ length: 15 }, (_, i) => ({
  id: `h${i}`,
  title: `Habit ${i}`,
  frequency: 'daily',
  isRecurring: true,
  specificDate: null,
  categoryId: null,
  xpOnComplete: 10,
  createdOn: '2025-01-01',
}));
const completions: CompletionFacts[] = habits.flatMap((habit) =>
  dates.map((date) => ({
    habitId: habit.id,
    completionDate: date,
    periodKey: date,
    xpEarned: 10,
    pointsEarned: 5,
  })),
);

function measure(name: string, run: () => unknown, minMs = 400): number {
  for (let i = 0; i < 20; i += 1) run(); // warm up
  let iterations = 0;
  const started = performance.now();
  while (performance.now() - started < minMs) {
    run();
    iterations += 1;
  }
  const perSecond = (iterations * 1000) / (performance.now() - started);
  console.log(`${name.padEnd(52)} ${perSecond.toFixed(0).padStart(10)} ops/s`);
  return perSecond;
}

let sink = 0;
const baseline = measure('baseline: Set of 365 keys + one pass over 5475 rows', () => {
  const keys = new Set(dates);
  for (const completion of completions) sink += completion.xpEarned;
  return keys.size;
});
const streaks = measure('habitStreaks: one habit, 365 daily completions', () =>
  habitStreaks({ dates, frequency: 'daily', today: TODAY }),
);
const insights = measure('dayInsights: 15 habits, 5475 completions', () =>
  dayInsights({ habits, completions, date: TODAY, weekStart: 0 }),
);
console.log(`\nratio streaks/baseline:  ${(streaks / baseline).toFixed(3)}`);
console.log(`ratio insights/baseline: ${(insights / baseline).toFixed(3)}`);
if (sink < 0) console.log(sink);
