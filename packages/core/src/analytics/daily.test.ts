import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FACTS, READ, done, randomFacts } from '../../test/analytics-fixture';
import { dailyAnalytics } from './daily';
import { dayInsights } from '../stats';
import { habitStreaks } from '../streaks';

const daily = (date: string) => dailyAnalytics({ ...FACTS, date });

describe('daily', () => {
  it('gives today with its streak list, longest current streak first', () => {
    expect(daily('2026-03-10')).toEqual({
      date: '2026-03-10',
      completionRate: 100,
      xpEarned: 10,
      habitsDone: 3,
      totalHabits: 3,
      streaks: [
        // Budget: Dec, Jan, Feb, Mar. Gym: the weeks of 03-01 and 03-08. Read: only today.
        {
          habitId: 'budget',
          title: 'Budget',
          frequency: 'monthly',
          current: 4,
          best: 4,
          isCompletedToday: true,
        },
        {
          habitId: 'gym',
          title: 'Gym',
          frequency: 'weekly',
          current: 2,
          best: 2,
          isCompletedToday: true,
        },
        {
          habitId: 'read',
          title: 'Read',
          frequency: 'daily',
          current: 1,
          best: 4,
          isCompletedToday: true,
        },
      ],
    });
  });

  it('gives a past day the streaks of that day', () => {
    const result = daily('2026-03-04');
    expect(result).toMatchObject({
      completionRate: 67,
      xpEarned: 0,
      habitsDone: 2,
      totalHabits: 3,
    });
    expect(result.streaks).toEqual([
      // Budget's March is done on the 5th, so it counts for the 4th as Day Insights shows it.
      {
        habitId: 'budget',
        title: 'Budget',
        frequency: 'monthly',
        current: 4,
        best: 4,
        isCompletedToday: true,
      },
      {
        habitId: 'gym',
        title: 'Gym',
        frequency: 'weekly',
        current: 1,
        best: 1,
        isCompletedToday: true,
      },
      {
        habitId: 'read',
        title: 'Read',
        frequency: 'daily',
        current: 0,
        best: 4,
        isCompletedToday: false,
      },
    ]);
    expect(daily('2026-01-02').streaks.map((row) => [row.habitId, row.current])).toEqual([
      ['read', 4],
      ['budget', 2],
      ['gym', 1],
    ]);
  });

  it('lists only the habits scheduled that day', () => {
    // Mon 12-29: Budget; Gym, added on Thursday, is done for this week (on Saturday), so it
    // counts; Read, added on the 30th, does not yet.
    const result = daily('2025-12-29');
    expect(result).toMatchObject({ habitsDone: 2, totalHabits: 2, completionRate: 100 });
    expect(result.streaks.map((row) => row.habitId).sort()).toEqual(['budget', 'gym']);
    expect(
      daily('2025-12-28')
        .streaks.map((row) => row.habitId)
        .sort(),
    ).toEqual(['budget', 'gym']);
  });

  it('breaks ties of the current streak by title', () => {
    const zen = { ...READ, id: 'zen', title: 'Zen' };
    const art = { ...READ, id: 'art', title: 'Art' };
    const result = dailyAnalytics({
      habits: [zen, art],
      completions: [done(zen, '2026-03-09'), done(art, '2026-03-10')],
      date: '2026-03-10',
      weekStart: 0,
    });
    expect(result.streaks.map((row) => [row.title, row.current])).toEqual([
      ['Art', 1],
      ['Zen', 1],
    ]);
    expect(result).toMatchObject({
      habitsDone: 1,
      totalHabits: 2,
      completionRate: 50,
      xpEarned: 10,
    });
  });

  it('is all zeros without data', () => {
    expect(
      dailyAnalytics({ habits: [], completions: [], date: '2026-03-10', weekStart: 0 }),
    ).toEqual({
      date: '2026-03-10',
      completionRate: 0,
      xpEarned: 0,
      habitsDone: 0,
      totalHabits: 0,
      streaks: [],
    });
  });

  it('agrees with Day Insights and, for today, with the habit cards', () => {
    fc.assert(
      fc.property(randomFacts, (facts) => {
        const result = dailyAnalytics({ ...facts, date: facts.today });
        const insights = dayInsights({ ...facts, date: facts.today });
        expect(result.habitsDone).toBe(insights.completedCount);
        expect(result.totalHabits).toBe(insights.totalCount);
        expect(result.streaks).toHaveLength(insights.totalCount);
        const datesOf = (habitId: string) =>
          facts.completions.filter((c) => c.habitId === habitId).map((c) => c.completionDate);
        for (const row of result.streaks) {
          const all = habitStreaks({
            dates: datesOf(row.habitId),
            frequency: row.frequency,
            today: facts.today,
            weekStart: facts.weekStart,
          });
          // Completions after today's period can only raise the all-time best.
          expect(row.current).toBe(all.current);
          expect(row.best).toBeLessThanOrEqual(all.best);
        }
        const currents = result.streaks.map((row) => row.current);
        expect(currents).toEqual(currents.toSorted((a, b) => b - a));
      }),
    );
  });
});
