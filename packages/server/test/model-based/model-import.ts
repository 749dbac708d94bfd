/**
 * The import part of the API model (model.ts): replace and merge computed from the rules in
 * docs/product.md ("Export and import"), the free-plan limits an import may not pass, and the
 * import rate limit.
 */
import { FREE_LIMITS } from '@habitquest/core/plan';
import {
  cloneData,
  countsOf,
  limitReached,
  OK,
  type Counts,
  type MCompletion,
  type MData,
  type MHabit,
  type MUser,
  type Outcome,
} from './model';
import { categoryByName } from './model-categories';
import { rekey } from './model-habits';
import { shopOrder } from './model-rewards';
import { addDays } from '@habitquest/core/dates';
import { periodKey, type WeekStart } from '@habitquest/core/periods';

export type ImportSummary = {
  habits: number;
  categories: number;
  rewards: number;
  inventory: number;
  completions: number;
  points: number;
  xp: number;
};

/** The API's import rate limit: 5 per user per 10 minutes (429 RATE_LIMITED past them). */
const IMPORTS_PER_WINDOW = 5;

/** The resources whose free limit the import would pass (a count that does not grow never is). */
function passesLimit(before: Counts, after: Counts): boolean {
  return (['habits', 'categories', 'rewards'] as const).some(
    (resource) => after[resource] > FREE_LIMITS[resource] && after[resource] > before[resource],
  );
}

/**
 * Import of an export file this user took earlier (`file` described `from`). Replace takes the
 * file as it is; merge keeps what the user has and adds what the file brings that is not there
 * (habits by id, categories by name, rewards by name, inventory by name and time).
 */
export function importData(
  user: MUser,
  mode: 'replace' | 'merge',
  from: MData,
): Outcome & { summary?: ImportSummary } {
  // A valid file counts against the rate limit before anything else is judged.
  user.imports += 1;
  if (user.imports > IMPORTS_PER_WINDOW) return { status: 429, code: 'RATE_LIMITED' };
  // The file's weekly completions are keyed for the user's weeks first, so a merge joins the
  // same periods and no week is completed twice.
  const incoming = withWeekStart(cloneData(from), user.weekStart);
  const next =
    mode === 'replace' ? replaced(user, incoming, from.weekStart) : merged(user, incoming);
  if (!user.isPro && passesLimit(countsOf(user), countsOf(next.data))) return limitReached;
  user.habits = next.data.habits;
  user.categories = next.data.categories;
  user.rewards = next.data.rewards;
  user.purchases = next.data.purchases;
  user.xp = next.data.xp;
  user.points = next.data.points;
  user.vacations = next.data.vacations;
  // A replace brings the file's settings, its week start among them: every week is keyed by it.
  if (next.data.weekStart !== user.weekStart) {
    const rekeyed = withWeekStart(next.data, next.data.weekStart);
    user.habits = rekeyed.habits;
    user.weekStart = rekeyed.weekStart;
  }
  return { ...OK, summary: next.summary };
}

/** The data with its weekly habits' completions keyed for weeks that start on `weekStart`. */
function withWeekStart(data: MData, weekStart: WeekStart): MData {
  return {
    ...data,
    weekStart,
    habits: data.habits.map((habit) =>
      habit.frequency === 'weekly'
        ? { ...habit, completions: rekey(habit.completions, 'weekly', weekStart) }
        : habit,
    ),
  };
}

function replaced(
  user: MUser,
  incoming: MData,
  fileWeekStart: WeekStart,
): { data: MData; summary: ImportSummary } {
  return {
    data: {
      habits: incoming.habits,
      categories: incoming.categories.map((category) => ({
        ...category,
        id: categoryByName(user, category.name)?.id ?? null,
      })),
      rewards: incoming.rewards,
      purchases: incoming.purchases.map((purchase) => ({
        ...purchase,
        link: user.purchases.find((own) => own.id === purchase.id)?.link ?? null,
      })),
      xp: Math.max(0, incoming.xp),
      points: incoming.points,
      weekStart: fileWeekStart,
      vacations: incoming.vacations,
    },
    summary: {
      habits: incoming.habits.length,
      categories: incoming.categories.length,
      rewards: incoming.rewards.length,
      inventory: incoming.purchases.length,
      completions: incoming.habits.reduce((sum, habit) => sum + habit.completions.length, 0),
      points: incoming.points,
      xp: Math.max(0, incoming.xp),
    },
  };
}

function merged(user: MUser, incoming: MData): { data: MData; summary: ImportSummary } {
  const current = cloneData(user);
  // Habits by id: the file's fields win; completions are joined by period key, unless the
  // frequencies differ, when the user's frequency and completions stay.
  const habits = [...current.habits];
  const addedCompletions: MCompletion[] = [];
  let addedHabits = 0;
  for (const habit of incoming.habits) {
    const index = habits.findIndex((h) => h.id === habit.id);
    const existing = habits[index];
    if (existing === undefined) {
      habits.push(withRestOf(habit, null, current.weekStart));
      addedHabits += 1;
      addedCompletions.push(...habit.completions);
    } else if (existing.frequency !== habit.frequency) {
      habits[index] = withRestOf(
        { ...habit, frequency: existing.frequency, completions: existing.completions },
        existing,
        current.weekStart,
      );
    } else {
      const keys = new Set(existing.completions.map((completion) => completion.key));
      const added = habit.completions.filter((completion) => !keys.has(completion.key));
      addedCompletions.push(...added);
      habits[index] = withRestOf(
        { ...habit, completions: [...existing.completions, ...added] },
        existing,
        current.weekStart,
      );
    }
  }
  // Categories by name: the file's colour and target win; new names come without being the
  // fallback (the user's own fallback stays the one).
  const categories = [...current.categories];
  let addedCategories = 0;
  for (const category of incoming.categories) {
    const index = categories.findIndex((c) => c.name === category.name);
    const existing = categories[index];
    if (existing === undefined) {
      const hasFallback = categories.some((c) => c.isFallback);
      categories.push({ ...category, id: null, isFallback: category.isFallback && !hasFallback });
      addedCategories += 1;
    } else {
      categories[index] = { ...existing, color: category.color, target: category.target };
    }
  }
  // Rewards by name (case-insensitive): each incoming one takes the next unmatched reward of
  // that name in the shop's order; the user's reward keeps its id.
  const shop = shopOrder(current.rewards);
  const unmatched = shop.map((_, index) => index);
  let addedRewards = 0;
  for (const reward of shopOrder(incoming.rewards)) {
    const at = unmatched.findIndex(
      (index) => shop[index]?.name.trim().toLowerCase() === reward.name.trim().toLowerCase(),
    );
    const index = unmatched[at];
    const match = index === undefined ? undefined : shop[index];
    if (index === undefined || match === undefined) {
      // The file's id is kept unless a reward of the merged shop already holds it.
      const taken = shop.some((r) => r.id === reward.id);
      shop.push({ ...reward, id: taken ? null : reward.id });
      addedRewards += 1;
    } else {
      shop[index] = { ...reward, id: match.id };
      unmatched.splice(at, 1);
    }
  }
  // Inventory: the same purchase has the same name and time.
  const seen = new Set(current.purchases.map((p) => `${p.name}\u0000${p.purchasedAt}`));
  const addedItems = incoming.purchases.filter((p) => !seen.has(`${p.name}\u0000${p.purchasedAt}`));
  const xp = addedCompletions.reduce((sum, completion) => sum + completion.xp, 0);
  const points =
    addedCompletions.reduce((sum, completion) => sum + completion.points, 0) -
    addedItems.reduce((sum, item) => sum + item.cost, 0);
  return {
    data: {
      habits,
      categories,
      rewards: shop,
      purchases: [...current.purchases, ...addedItems.map((item) => ({ ...item, link: null }))],
      xp: current.xp + xp,
      points: current.points + points,
      weekStart: current.weekStart,
      vacations: joinInto(current.vacations, incoming.vacations).flatMap(({ startsOn, endsOn }) =>
        inPieces(startsOn, endsOn ?? startsOn),
      ),
    },
    summary: {
      habits: addedHabits,
      categories: addedCategories,
      rewards: addedRewards,
      inventory: addedItems.length,
      completions: addedCompletions.length,
      points,
      xp,
    },
  };
}

/**
 * A merged habit's rest: both sides' pauses (joinInto); the user's skips, then the file's in
 * periods the user has none in (one skip per period), and no skip of a period the merged habit
 * completed (a completed period never rests).
 */
function withRestOf(merged: MHabit, own: MHabit | null, weekStart: WeekStart): MHabit {
  const done = new Set(
    merged.completions.map((completion) => periodKey(completion.date, merged.frequency, weekStart)),
  );
  const periodOf = (day: string) => periodKey(day, merged.frequency, weekStart);
  const ownSkips = (own?.skips ?? []).filter((day) => !done.has(periodOf(day)));
  const rested = new Set(ownSkips.map(periodOf));
  const added: string[] = [];
  for (const day of merged.skips) {
    if (done.has(periodOf(day)) || rested.has(periodOf(day)) || ownSkips.includes(day)) continue;
    rested.add(periodOf(day));
    added.push(day);
  }
  return {
    ...merged,
    skips: [...ownSkips, ...added],
    pauses: joinInto(own?.pauses ?? [], merged.pauses),
  };
}

type Range = { startsOn: string; endsOn: string | null };

/**
 * The user's ranges with the file's added: one a range of the user's already holds adds nothing;
 * any other takes in every range it shares a day with (again, as it grows). The user's own
 * overlapping ranges (a vacation planned over one that ended) stay apart unless the file's meets
 * them.
 */
function joinInto(current: readonly Range[], incoming: readonly Range[]): Range[] {
  let ranges = [...current];
  const ends = (range: Range) => range.endsOn ?? '9999-12-31';
  for (const range of incoming) {
    if (ranges.some((own) => own.startsOn <= range.startsOn && ends(range) <= ends(own))) continue;
    let joined = { ...range };
    for (let met = true; met;) {
      const meeting = ranges.filter(
        (own) => own.startsOn <= ends(joined) && joined.startsOn <= ends(own),
      );
      met = meeting.length > 0;
      for (const own of meeting) {
        const last = [ends(joined), ends(own)].sort()[1] ?? ends(joined);
        joined = {
          startsOn: own.startsOn < joined.startsOn ? own.startsOn : joined.startsOn,
          endsOn: last === '9999-12-31' ? null : last,
        };
      }
      ranges = ranges.filter((own) => !meeting.includes(own));
    }
    ranges.push(joined);
  }
  return ranges;
}

/** A vacation from `startsOn` to `endsOn` in pieces of at most 366 days (a file's bound). */
function inPieces(startsOn: string, endsOn: string): { startsOn: string; endsOn: string }[] {
  const pieces = [];
  for (let from = startsOn; from <= endsOn; from = addDays(from, 366)) {
    const to = addDays(from, 365);
    pieces.push({ startsOn: from, endsOn: to < endsOn ? to : endsOn });
  }
  return pieces;
}
