import { addDays, type LocalDate } from '@habitquest/core/dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeCompletionColumns,
  encodeCompletionColumns,
  sortCompletions,
  type CompletionColumns,
  type CompletionEntry,
} from './completion-columns';
import { zCompletionColumns } from './habits';

const FROM: LocalDate = '2025-12-29';
const HABIT_A = '00000000-0000-4000-8000-000000000001';
const HABIT_B = '00000000-0000-4000-8000-000000000002';
const HABITS = [HABIT_A, HABIT_B, '00000000-0000-4000-8000-000000000003'];

/** A completion in a 377-day window from FROM, done at any instant from two days before its date. */
const completionArb: fc.Arbitrary<CompletionEntry> = fc
  .record({
    habitId: fc.constantFrom(...HABITS),
    day: fc.integer({ min: 0, max: 376 }),
    offset: fc.integer({ min: -2 * 86_400_000, max: 400 * 86_400_000 }),
    periodKey: fc.string({ maxLength: 12 }),
    xp: fc.integer({ min: 0, max: 1000 }),
    points: fc.integer({ min: 0, max: 500 }),
  })
  .map(({ habitId, day, offset, periodKey, xp, points }) => {
    const completionDate = addDays(FROM, day);
    return {
      habitId,
      completionDate,
      periodKey,
      xpEarned: xp,
      pointsEarned: points,
      completedAt: new Date(Date.parse(`${completionDate}T00:00:00.000Z`) + offset).toISOString(),
    };
  });

describe('the compact form of a window of completions', () => {
  it('gives back every completion, in order, with nothing changed', () => {
    fc.assert(
      fc.property(fc.array(completionArb, { maxLength: 200 }), (completions) => {
        const wire = JSON.parse(
          JSON.stringify(encodeCompletionColumns(FROM, completions)),
        ) as CompletionColumns;
        expect(zCompletionColumns.safeParse(wire).success).toBe(true);
        expect(decodeCompletionColumns(wire)).toEqual(sortCompletions(completions));
      }),
    );
  });

  it('keeps one entry per habit, its days counted from the first day of the window', () => {
    const at = (date: LocalDate, time: string) => `${date}T${time}.000Z`;
    const wire = encodeCompletionColumns(FROM, [
      {
        habitId: HABIT_B,
        completionDate: '2026-01-02',
        periodKey: '2026-01-02',
        xpEarned: 20,
        pointsEarned: 10,
        completedAt: at('2026-01-02', '07:30:00'),
      },
      {
        habitId: HABIT_A,
        completionDate: '2025-12-29',
        periodKey: '2025-W01',
        xpEarned: 10,
        pointsEarned: 5,
        completedAt: at('2025-12-30', '00:00:01'),
      },
      {
        habitId: HABIT_B,
        completionDate: '2025-12-31',
        periodKey: '2025-12-31',
        xpEarned: 20,
        pointsEarned: 10,
        completedAt: at('2025-12-30', '23:00:00'),
      },
    ]);
    expect(wire).toEqual({
      from: FROM,
      habits: [
        {
          habitId: HABIT_A,
          day: [0],
          at: [86_401_000],
          periodKey: ['2025-W01'],
          xp: [10],
          points: [5],
        },
        {
          habitId: HABIT_B,
          day: [2, 4],
          at: [-3_600_000, 27_000_000],
          periodKey: ['2025-12-31', '2026-01-02'],
          xp: [20, 20],
          points: [10, 10],
        },
      ],
    });
  });

  it('is empty for an empty window', () => {
    expect(encodeCompletionColumns(FROM, [])).toEqual({ from: FROM, habits: [] });
    expect(decodeCompletionColumns({ from: FROM, habits: [] })).toEqual([]);
  });
});
