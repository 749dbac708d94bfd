/**
 * Tests only: the analytics of the dataset seeded by analytics.test.ts, worked out by hand (not by
 * calling core), so the endpoints are checked against an independent reckoning.
 *
 * Dataset (time zone Asia/Manila, weeks start on Sunday, today Tuesday 2026-03-10):
 * - Read, daily, 10 XP, CREATIVE, created Mar 1 (20:00 UTC on Feb 28): done Mar 1, 2, 3, 5, 9, 10.
 * - Gym, weekly, 30 XP, HEALTH & FITNESS, created Feb 1: done Feb 3, Feb 18, Mar 4, Mar 9.
 * - Budget, monthly, 50 XP, UNCATEGORIZED HABITS (the fallback), created Jan 15: done 2025-12-10, Jan 20,
 *   Mar 5.
 * - Redeemed: 100 pts on Mar 1 (17:00 UTC Feb 28), 40 on Feb 10, 60 on Jan 31 (23:30 local),
 *   25 on Mar 9.
 */

const month = (number: number, xp = 0, completions = 0) => ({ month: number, xp, completions });

/**
 * Scheduled instances per month up to today: January 1 (Budget, done); February 5 (Gym's weeks
 * Feb 1, 8, 15, 22 with two done, Budget not done); March 13 (Read's ten days with six done, Gym's
 * two weeks done, Budget done). Rates 100, 40 and 69: their mean is 69.67, so 70.
 */
export const EXPECTED_OVERVIEW_2026 = {
  year: 2026,
  totalXpAllTime: 330,
  xpThisYear: 280,
  completionsThisYear: 12,
  bestMonth: { month: 3, xp: 170 },
  averageCompletionRate: 70,
  monthlyXp: [
    month(1, 50, 1),
    month(2, 60, 2),
    month(3, 170, 9),
    ...[4, 5, 6, 7, 8, 9, 10, 11, 12].map((number) => month(number)),
  ],
  rewardShop: {
    previousMonth: { itemsRedeemed: 1, pointsSpent: 40 },
    thisMonth: { itemsRedeemed: 2, pointsSpent: 125 },
  },
  // Budget's back-filled completion of 2025-12-10 is the account's earliest data.
  firstYear: 2025,
};

type Bar = { completed: number; total: number; rate: number; completions: number; xp: number };

function bar(date: string, figures: Bar, isFuture = false) {
  return { date, ...figures, isFuture };
}

const FULL = { completed: 3, total: 3, rate: 100 };
const TWO_OF_THREE = { completed: 2, total: 3, rate: 67 };
const NOTHING = { completed: 0, total: 0, rate: 0, completions: 0, xp: 0 };

/** Every day up to today has Read, Gym's week and Budget's month scheduled; Gym and Budget done. */
const MARCH_BARS: [string, Bar][] = [
  ['2026-03-01', { ...FULL, completions: 1, xp: 10 }],
  ['2026-03-02', { ...FULL, completions: 1, xp: 10 }],
  ['2026-03-03', { ...FULL, completions: 1, xp: 10 }],
  ['2026-03-04', { ...TWO_OF_THREE, completions: 1, xp: 30 }],
  ['2026-03-05', { ...FULL, completions: 2, xp: 60 }],
  ['2026-03-06', { ...TWO_OF_THREE, completions: 0, xp: 0 }],
  ['2026-03-07', { ...TWO_OF_THREE, completions: 0, xp: 0 }],
  ['2026-03-08', { ...TWO_OF_THREE, completions: 0, xp: 0 }],
  ['2026-03-09', { ...FULL, completions: 2, xp: 40 }],
  ['2026-03-10', { ...FULL, completions: 1, xp: 10 }],
];

function category(
  id: string | undefined,
  name: string,
  figures: { completed: number; total: number; rate: number; xp: number; target: number },
  targetPercent: number,
) {
  return { categoryId: id, name, ...figures, targetPercent, isTargetMet: false };
}

/** March 2026: 9 completions, 170 XP over 10 elapsed days; 9 of 13 instances done (69%). */
export function expectedMonthlyMarch(ids: Record<string, string>) {
  const empty = (name: string, target: number) =>
    category(ids[name], name, { completed: 0, total: 0, rate: 0, xp: 0, target }, 0);
  const futureDays = Array.from({ length: 21 }, (_, index) =>
    bar(`2026-03-${String(index + 11)}`, NOTHING, true),
  );
  return {
    year: 2026,
    month: 3,
    // As the Overview's: Budget's back-filled completion of 10 December 2025.
    firstYear: 2025,
    completions: 9,
    xpEarned: 170,
    completionRate: 69,
    averageDailyXp: 17,
    days: [
      ...MARCH_BARS.map(([date, figures]) => ({
        ...bar(date, figures),
        band: figures.rate === 100 ? 'excellent' : 'good',
      })),
      ...futureDays.map((day) => ({ ...day, band: 'none' })),
    ],
    categories: [
      empty('CAREER', 500),
      category(
        ids.CREATIVE,
        'CREATIVE',
        { completed: 6, total: 10, rate: 60, xp: 60, target: 100 },
        60,
      ),
      empty('FINANCIAL', 150),
      // 60 of 350 XP is 17%.
      category(
        ids['HEALTH & FITNESS'],
        'HEALTH & FITNESS',
        { completed: 2, total: 2, rate: 100, xp: 60, target: 350 },
        17,
      ),
      empty('PERSONAL DEVELOPMENT', 300),
      empty('RELATIONSHIPS', 100),
      empty('SPIRITUAL', 300),
      category(
        ids['UNCATEGORIZED HABITS'],
        'UNCATEGORIZED HABITS',
        { completed: 1, total: 1, rate: 100, xp: 50, target: 100 },
        50,
      ),
    ],
  };
}

/** The week Sun Mar 8 – Sat Mar 14 against Mar 1 – 7 (Read ×4, Gym, Budget: 6 and 120 XP). */
export const EXPECTED_WEEKLY = {
  thisWeek: { start: '2026-03-08', end: '2026-03-14', completions: 3, xp: 50 },
  previousWeek: { start: '2026-03-01', end: '2026-03-07', completions: 6, xp: 120 },
  improvement: { completions: -3, xp: -70, completionsPercent: -50 },
  days: [
    {
      ...bar('2026-03-08', { ...TWO_OF_THREE, completions: 0, xp: 0 }),
      weekday: 'Sun',
      band: 'amber',
    },
    { ...bar('2026-03-09', { ...FULL, completions: 2, xp: 40 }), weekday: 'Mon', band: 'green' },
    { ...bar('2026-03-10', { ...FULL, completions: 1, xp: 10 }), weekday: 'Tue', band: 'green' },
    { ...bar('2026-03-11', NOTHING, true), weekday: 'Wed', band: 'red' },
    { ...bar('2026-03-12', NOTHING, true), weekday: 'Thu', band: 'red' },
    { ...bar('2026-03-13', NOTHING, true), weekday: 'Fri', band: 'red' },
    { ...bar('2026-03-14', NOTHING, true), weekday: 'Sat', band: 'red' },
  ],
};

type HabitIds = { read: string; gym: string; budget: string };

function streak(habitId: string, title: string, frequency: string, current: number, best: number) {
  return { habitId, title, frequency, current, best, isCompletedToday: true };
}

/**
 * Thursday Mar 5: all three done, 60 XP (Read and Budget dated that day). Streaks as they were:
 * Read's run Mar 1–3 was broken on Mar 4; Budget had Dec and Jan; Gym's weeks never touched.
 */
export function expectedDailyMarch5(ids: HabitIds) {
  return {
    date: '2026-03-05',
    completionRate: 100,
    xpEarned: 60,
    habitsDone: 3,
    totalHabits: 3,
    streaks: [
      streak(ids.budget, 'Budget', 'monthly', 1, 2),
      streak(ids.gym, 'Gym', 'weekly', 1, 1),
      streak(ids.read, 'Read', 'daily', 1, 3),
    ],
  };
}

/** Today: all three done, 10 XP; Gym has two weeks in a row, Read Mar 9–10. */
export function expectedDailyToday(ids: HabitIds) {
  return {
    date: '2026-03-10',
    completionRate: 100,
    xpEarned: 10,
    habitsDone: 3,
    totalHabits: 3,
    streaks: [
      streak(ids.gym, 'Gym', 'weekly', 2, 2),
      streak(ids.read, 'Read', 'daily', 2, 3),
      streak(ids.budget, 'Budget', 'monthly', 1, 2),
    ],
  };
}
