/**
 * Rows to core's facts (core/model.ts). Instants become local dates in the user's time zone, the
 * same day boundary as everywhere else (docs/decisions.md).
 */
import { localDateOf } from '@habitquest/core/dates';
import type {
  CategoryFacts,
  CompletionFacts,
  HabitFacts,
  PurchaseFacts,
} from '@habitquest/core/model';
import type { categories, completions, habits, purchasedRewards } from '../db/schema';

type HabitRow = Pick<
  typeof habits.$inferSelect,
  | 'id'
  | 'name'
  | 'frequency'
  | 'isRecurring'
  | 'specificDate'
  | 'categoryId'
  | 'xpReward'
  | 'createdAt'
>;
type CompletionRow = Pick<
  typeof completions.$inferSelect,
  'habitId' | 'completionDate' | 'periodKey' | 'xpEarned' | 'pointsEarned'
>;
type CategoryRow = Pick<
  typeof categories.$inferSelect,
  'id' | 'name' | 'monthlyTargetXp' | 'isFallback'
>;
type PurchaseRow = Pick<typeof purchasedRewards.$inferSelect, 'rewardCost' | 'purchasedAt'>;

/** A habit as core sees it; createdOn is the local date of its creation. */
export function toHabitFacts(row: HabitRow, timeZone: string): HabitFacts {
  return {
    id: row.id,
    title: row.name,
    frequency: row.frequency,
    isRecurring: row.isRecurring,
    specificDate: row.specificDate,
    categoryId: row.categoryId,
    xpOnComplete: row.xpReward,
    createdOn: localDateOf(row.createdAt, timeZone),
  };
}

/** A completion as core sees it (its date is already the user's local date). */
export function toCompletionFacts(row: CompletionRow): CompletionFacts {
  return {
    habitId: row.habitId,
    completionDate: row.completionDate,
    periodKey: row.periodKey,
    xpEarned: row.xpEarned,
    pointsEarned: row.pointsEarned,
  };
}

/** A category as core sees it. */
export function toCategoryFacts(row: CategoryRow): CategoryFacts {
  return {
    id: row.id,
    name: row.name,
    monthlyTargetXp: row.monthlyTargetXp,
    isFallback: row.isFallback,
  };
}

/** A redeemed reward as core sees it; purchasedOn is the local date of the redeem. */
export function toPurchaseFacts(row: PurchaseRow, timeZone: string): PurchaseFacts {
  return { rewardCost: row.rewardCost, purchasedOn: localDateOf(row.purchasedAt, timeZone) };
}
