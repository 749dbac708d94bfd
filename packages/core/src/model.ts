/**
 * The plain facts the rules in core work on. Server and web map their rows and wire shapes to
 * these; core never sees a database row or a React prop.
 */
import type { LocalDate } from './dates';
import type { Schedule } from './visibility';

export type HabitFacts = Schedule & {
  id: string;
  title: string;
  categoryId: string | null;
  xpOnComplete: number;
  /** The local date the habit was created; it is not scheduled before that day. */
  createdOn: LocalDate;
};

export type CompletionFacts = {
  habitId: string;
  completionDate: LocalDate;
  periodKey: string;
  xpEarned: number;
  pointsEarned: number;
};

export type CategoryFacts = {
  id: string;
  name: string;
  monthlyTargetXp: number;
  isFallback: boolean;
};

export type PurchaseFacts = {
  rewardCost: number;
  /** The local date of the purchase in the user's time zone. */
  purchasedOn: LocalDate;
};
