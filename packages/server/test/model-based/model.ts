/**
 * The in-memory model of one user's data that the model-based API test (api-model.test.ts)
 * drives beside the real server. It knows the product's rules only through core (periods,
 * visibility, levels, streaks, plan limits) and docs/product.md; it never calls server code, so a
 * server that drifts from those rules is caught. Rest lives in model-rest.ts, rewards in
 * model-rewards.ts, an import in model-import.ts, categories in model-categories.ts, habits and
 * their completions in model-habits.ts. Test support only: nothing in the product
 * imports this folder.
 */
import { FALLBACK_CATEGORY, DEFAULT_CATEGORIES } from '@habitquest/core/categories';
import { levelProgress } from '@habitquest/core/levels';
import { periodIndex, periodKey, type Frequency, type WeekStart } from '@habitquest/core/periods';
import { FREE_LIMITS, planLimits, type LimitedResource } from '@habitquest/core/plan';
import { completionEligibility } from '@habitquest/core/visibility';
import { addDays, type LocalDate } from '@habitquest/core/dates';

export type MCompletion = { date: LocalDate; key: string; xp: number; points: number };

export type MHabit = {
  id: string;
  title: string;
  frequency: Frequency;
  /** The category's name: names are unique per user, and renames are followed. */
  category: string;
  xp: number;
  isRecurring: boolean;
  specificDate: LocalDate | null;
  completions: MCompletion[];
  /** Days skipped: each rests its period unless that period is done. */
  skips: LocalDate[];
  /** Paused ranges, both ends included; endsOn null: until resumed. */
  pauses: MRange[];
};

/** A rest range: from startsOn to endsOn, both included (null: with no end). */
export type MRange = { startsOn: LocalDate; endsOn: LocalDate | null };

/** `id` is null until the server's answer tells it (an import makes fresh ids for new names). */
export type MCategory = {
  id: string | null;
  name: string;
  color: string;
  target: number;
  isFallback: boolean;
};

export type MReward = { id: string | null; name: string; cost: number; keepInShop: boolean };

export type MPurchase = {
  id: string;
  /** The reward id the purchase row keeps; the wire shows it only while that reward is in the shop. */
  link: string | null;
  name: string;
  cost: number;
  purchasedAt: number;
};

export type MData = {
  habits: MHabit[];
  categories: MCategory[];
  rewards: MReward[];
  purchases: MPurchase[];
  xp: number;
  points: number;
  /** The week start the data's weekly completions are keyed by (an export file carries it). */
  weekStart: WeekStart;
  vacations: { startsOn: LocalDate; endsOn: LocalDate }[];
};

export type MUser = MData & {
  isPro: boolean;
  timeZone: string;
  today: LocalDate;
  now: Date;
  /** The last export taken by an Export command: the server's file and the model it described. */
  snapshot: { file: unknown; data: MData } | null;
  /** Imports of valid files so far: at most 5 per user in 10 minutes, and a run is shorter. */
  imports: number;
  /**
   * The last change sent with an Idempotency-Key, and the server's answer to it: the same request
   * with the same key must get that answer again, whatever happened since, and change nothing.
   */
  lastKeyed: {
    method: string;
    url: string;
    body: unknown;
    key: string;
    status: number;
    answer: unknown;
  } | null;
};

/** What the server must answer: a status, and for refusals the error code. */
export type Outcome = { status: number; code?: string };
export const OK: Outcome = { status: 200 };
export const validation: Outcome = { status: 400, code: 'VALIDATION' };
export const conflict: Outcome = { status: 409, code: 'CONFLICT' };
export const limitReached: Outcome = { status: 403, code: 'LIMIT_REACHED' };

export function newUser(options: {
  isPro: boolean;
  weekStart: WeekStart;
  timeZone: string;
  today: LocalDate;
  now: Date;
}): MUser {
  return {
    ...options,
    habits: [],
    categories: [
      ...DEFAULT_CATEGORIES.map((seed) => ({
        id: null,
        name: seed.name,
        color: seed.color,
        target: seed.monthlyTargetXp,
        isFallback: false,
      })),
      {
        id: null,
        name: FALLBACK_CATEGORY.name,
        color: FALLBACK_CATEGORY.color,
        target: FALLBACK_CATEGORY.monthlyTargetXp,
        isFallback: true,
      },
    ],
    rewards: [],
    purchases: [],
    xp: 0,
    points: 0,
    vacations: [],
    snapshot: null,
    imports: 0,
    lastKeyed: null,
  };
}

export function cloneData(data: MData): MData {
  return structuredClone({
    habits: data.habits,
    categories: data.categories,
    rewards: data.rewards,
    purchases: data.purchases,
    xp: data.xp,
    points: data.points,
    weekStart: data.weekStart,
    vacations: data.vacations,
  });
}

// ---------------------------------------------------------------- plan

export type Counts = Record<LimitedResource, number>;

/** The counts the free plan limits; the fallback category is the system's and not counted. */
export function countsOf(data: MData): Counts {
  return {
    habits: data.habits.length,
    categories: data.categories.filter((category) => !category.isFallback).length,
    rewards: data.rewards.length,
  };
}

export function atLimit(user: MUser, resource: LimitedResource): boolean {
  return !user.isPro && countsOf(user)[resource] >= FREE_LIMITS[resource];
}

export function expectedPlan(user: MUser) {
  return { isPro: user.isPro, limits: planLimits(user.isPro), counts: countsOf(user) };
}

// ---------------------------------------------------------------- progress and streaks

export function expectedProgress(user: MUser) {
  const dates = user.habits.flatMap((habit) => habit.completions.map((c) => c.date));
  const level = levelProgress(user.xp);
  return {
    level: level.level,
    xp: Math.max(0, user.xp),
    points: user.points,
    streak: streaks(
      dates.filter((date) => date <= user.today),
      'daily',
      user.today,
      user.weekStart,
      dayRestDays(user),
    ).current,
    xpIntoLevel: level.xpIntoLevel,
    xpForNextLevel: level.xpForNextLevel,
    percent: level.percent,
  };
}

export function streaksOf(user: MUser, habit: MHabit) {
  return streaks(
    habit.completions.map((completion) => completion.date),
    habit.frequency,
    user.today,
    user.weekStart,
    restDaysOf(user, habit),
  );
}

/** Every day up to today on which the habit rests: its skips, pauses, and the vacations. */
function restDaysOf(user: MUser, habit: MHabit): Set<LocalDate> {
  const days = new Set(habit.skips.filter((day) => day <= user.today));
  for (const range of [...habit.pauses, ...user.vacations]) {
    for (const day of daysOf(range, user.today)) days.add(day);
  }
  return days;
}

function daysOf(range: MRange, today: LocalDate): LocalDate[] {
  const days: LocalDate[] = [];
  const last = range.endsOn === null || range.endsOn > today ? today : range.endsOn;
  for (let day = range.startsOn; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The day streak's rest days (docs/decisions.md, "Rest"): vacation days, and days on which every
 * daily habit due then rested. A habit is due from the day it was made (all of a run's habits are
 * made on its one fixed day) or from its first completion, skip or pause, if earlier.
 */
function dayRestDays(user: MUser): Set<LocalDate> {
  const days = new Set<LocalDate>();
  for (const vacation of user.vacations)
    for (const day of daysOf(vacation, user.today)) days.add(day);
  const daily = user.habits.filter((habit) => habit.frequency === 'daily');
  const candidates = new Set(daily.flatMap((habit) => [...restDaysOf(user, habit)]));
  for (const day of candidates) {
    const due = daily.filter((habit) => {
      const since = [
        user.today,
        ...habit.completions.map((c) => c.date),
        ...habit.skips,
        ...habit.pauses.map((p) => p.startsOn),
      ].sort()[0];
      return (
        (since ?? user.today) <= day &&
        completionEligibility(habit, day, '9999-12-31', user.weekStart).ok
      );
    });
    if (due.length > 0 && due.every((habit) => restDaysOf(user, habit).has(day))) days.add(day);
  }
  return days;
}

/**
 * Streak rule: consecutive periods with a completion, ending at the current period or, while it is
 * still open, at the previous one; best is the longest run ever. A period holding a rest day and
 * no completion is passed over: it neither adds to a run nor ends it. Periods are numbered with
 * core's periodIndex, on which consecutive periods differ by one.
 */
function streaks(
  dates: readonly LocalDate[],
  frequency: Frequency,
  today: LocalDate,
  weekStart: WeekStart,
  restDays: ReadonlySet<LocalDate>,
): { current: number; best: number } {
  const indexOf = (date: LocalDate) =>
    periodIndex(periodKey(date, frequency, weekStart), frequency, weekStart);
  const done = new Set(dates.map(indexOf));
  const resting = new Set([...restDays].map(indexOf).filter((index) => !done.has(index)));
  const passes = (at: number) => done.has(at) || resting.has(at);
  const now = indexOf(today);
  const earliest = Math.min(now, ...done, ...resting);
  let current = 0;
  for (let at = now; at >= earliest; at -= 1) {
    if (done.has(at)) current += 1;
    else if (!resting.has(at) && at !== now) break;
  }
  let best = 0;
  for (const start of [...done, ...resting]) {
    if (passes(start - 1)) continue;
    let length = 0;
    for (let at = start; passes(at); at += 1) if (done.has(at)) length += 1;
    best = Math.max(best, length);
  }
  return { current, best };
}
