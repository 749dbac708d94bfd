/**
 * The model's habits and their completions (model.ts): creating and editing a habit (a frequency
 * or week-start change re-keys its completions), deleting it, and the completion set-state.
 */
import { levelForXp, pointsForXp } from '@habitquest/core/levels';
import { isSamePeriod, periodKey, type Frequency, type WeekStart } from '@habitquest/core/periods';
import { completionEligibility, isVisibleOn } from '@habitquest/core/visibility';
import type { LocalDate } from '@habitquest/core/dates';
import {
  atLimit,
  conflict,
  limitReached,
  OK,
  validation,
  type MCompletion,
  type MHabit,
  type MUser,
  type Outcome,
} from './model';
import { defaultCategory } from './model-categories';

export type HabitInput = {
  title: string;
  frequency: Frequency;
  xp: number;
  isRecurring: boolean;
  specificDate: LocalDate | null;
  /** A category's name, or null to let the server pick the default one. */
  category: string | null;
};

export function createHabit(user: MUser, input: HabitInput): Outcome {
  if (input.xp < 1 || input.xp > 100) return validation;
  if (input.isRecurring === (input.specificDate !== null)) return validation;
  if (atLimit(user, 'habits')) return limitReached;
  return { status: 201 };
}

export function applyCreateHabit(user: MUser, input: HabitInput, id: string): MHabit {
  const habit: MHabit = {
    id,
    title: input.title.trim(),
    frequency: input.frequency,
    category: input.category ?? defaultCategory(user),
    xp: input.xp,
    isRecurring: input.isRecurring,
    specificDate: input.isRecurring ? null : input.specificDate,
    completions: [],
    skips: [],
    pauses: [],
  };
  user.habits.push(habit);
  return habit;
}

export type HabitPatch = {
  title?: string;
  frequency?: Frequency;
  xp?: number;
  isRecurring?: boolean;
  specificDate?: LocalDate | null;
  /** A category's name, or null for the default one. */
  category?: string | null;
};

/**
 * Edits a habit as the product's rules say: a frequency change re-keys its completions by their dates into
 * the new frequency's periods, and completions falling into one period merge into one (the
 * earliest date) that keeps the sum of the XP and points they awarded.
 */
export function updateHabit(user: MUser, habit: MHabit, patch: HabitPatch): Outcome {
  if (patch.xp !== undefined && (patch.xp < 1 || patch.xp > 100)) return validation;
  // The request's own pair is judged first (the wire schema), then the merged habit.
  if (patch.isRecurring === false && patch.specificDate === null) return validation;
  if (patch.isRecurring === true && typeof patch.specificDate === 'string') return validation;
  const isRecurring = patch.isRecurring ?? habit.isRecurring;
  const specificDate = isRecurring
    ? null
    : patch.specificDate !== undefined
      ? patch.specificDate
      : habit.specificDate;
  if (!isRecurring && specificDate === null) return validation;
  // A one-time schedule the edit gives must keep every completion inside its date's period.
  const schedule = { frequency: patch.frequency ?? habit.frequency, isRecurring, specificDate };
  const isNewSchedule =
    isRecurring !== habit.isRecurring ||
    specificDate !== habit.specificDate ||
    schedule.frequency !== habit.frequency;
  if (
    isNewSchedule &&
    habit.completions.some((c) => !isVisibleOn(schedule, c.date, user.weekStart))
  ) {
    return conflict;
  }
  if (patch.title !== undefined) habit.title = patch.title.trim();
  if (patch.xp !== undefined) habit.xp = patch.xp;
  if (patch.category !== undefined) habit.category = patch.category ?? defaultCategory(user);
  habit.isRecurring = isRecurring;
  habit.specificDate = specificDate;
  if (patch.frequency !== undefined && patch.frequency !== habit.frequency) {
    habit.frequency = patch.frequency;
    habit.completions = rekey(habit.completions, patch.frequency, user.weekStart);
  }
  return OK;
}

export function rekey(
  completions: readonly MCompletion[],
  frequency: Frequency,
  weekStart: WeekStart,
): MCompletion[] {
  const byKey = new Map<string, MCompletion>();
  for (const completion of [...completions].sort((a, b) => (a.date < b.date ? -1 : 1))) {
    const key = periodKey(completion.date, frequency, weekStart);
    const merged = byKey.get(key);
    if (merged) {
      merged.xp += completion.xp;
      merged.points += completion.points;
    } else {
      byKey.set(key, { date: completion.date, key, xp: completion.xp, points: completion.points });
    }
  }
  return [...byKey.values()];
}

/** A new week start re-keys every weekly habit's history by the same rule as a frequency change. */
export function changeWeekStart(user: MUser, weekStart: WeekStart): Outcome {
  // A one-time weekly habit keeps its completions in the week holding its date: a week start
  // that would move one out of it is refused, and nothing changes (docs/product.md).
  const strands = user.habits.some(
    (habit) =>
      habit.frequency === 'weekly' &&
      !habit.isRecurring &&
      habit.specificDate !== null &&
      habit.completions.some((c) => !isVisibleOn(habit, c.date, weekStart)),
  );
  if (strands) return conflict;
  user.weekStart = weekStart;
  for (const habit of user.habits) {
    if (habit.frequency === 'weekly') {
      habit.completions = rekey(habit.completions, 'weekly', weekStart);
    }
  }
  return OK;
}

export function deleteHabit(user: MUser, habit: MHabit): Outcome {
  user.habits = user.habits.filter((h) => h !== habit);
  // Its XP leaves the total; points already earned stay (they may have been spent).
  user.xp -= habit.completions.reduce((sum, completion) => sum + completion.xp, 0);
  return OK;
}

export type CompletionResult = Outcome & {
  added?: boolean;
  completion?: MCompletion | null;
  leveledUp?: boolean;
};

/** PUT …/completions/:date — idempotent set-state through the ledger. */
export function setCompletion(
  user: MUser,
  habit: MHabit,
  date: LocalDate,
  completed: boolean,
): CompletionResult {
  // An undo is never refused for its date (set-completion.ts).
  const eligibility = completionEligibility(habit, date, user.today, user.weekStart);
  if (completed && !eligibility.ok) return validation;
  const key = periodKey(date, habit.frequency, user.weekStart);
  const existing = habit.completions.find((completion) => completion.key === key);
  const levelBefore = levelForXp(user.xp);
  if (completed && !existing) {
    const created = { date, key, xp: habit.xp, points: pointsForXp(habit.xp) };
    habit.completions.push(created);
    // A completed period no longer rests.
    habit.skips = habit.skips.filter(
      (day) => !isSamePeriod(day, date, habit.frequency, user.weekStart),
    );
    user.xp += created.xp;
    user.points += created.points;
    return {
      ...OK,
      added: true,
      completion: created,
      leveledUp: levelForXp(user.xp) > levelBefore,
    };
  }
  if (!completed && existing) {
    habit.completions = habit.completions.filter((completion) => completion !== existing);
    user.xp -= existing.xp;
    user.points -= existing.points;
    return { ...OK, added: false, completion: null, leveledUp: false };
  }
  return { ...OK, added: false, completion: existing ?? null, leveledUp: false };
}
