/**
 * The Create/Edit Reward form's fields and their check with the wire's own schemas (spec §5):
 * the name must not be blank, a cost below 1 is forced up to 1, at most 10000.
 */
import {
  DEFAULT_REWARD_COST,
  zRewardCreate,
  zRewardUpdate,
  type Reward,
  type RewardCreate,
  type RewardUpdate,
} from '@habitquest/contracts/rewards';
import { rewardsCopy as copy } from './copy';

export type RewardFields = {
  name: string;
  cost: string;
  description: string;
  icon: string;
  keepInShop: boolean;
};

export type FieldErrors = { name?: string; cost?: string; other?: string };

/** The form's starting values: the reward's own, or a blank one at the default cost. */
export function initialFields(reward: Reward | null): RewardFields {
  return {
    name: reward?.name ?? '',
    cost: String(reward?.cost ?? DEFAULT_REWARD_COST),
    description: reward?.description ?? '',
    icon: reward?.icon ?? '',
    keepInShop: reward?.keepInShop ?? false,
  };
}

/** The typed cost as a whole number, forced up to 1; NaN when it is not a whole number. */
export function parseCost(text: string): number {
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isInteger(value)) return Number.NaN;
  return Math.max(1, value);
}

function body(fields: RewardFields) {
  return {
    name: fields.name,
    cost: parseCost(fields.cost),
    description: fields.description,
    icon: fields.icon,
    keepInShop: fields.keepInShop,
  };
}

function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === 'name') errors.name ??= issue.message;
    else if (field === 'cost') errors.cost = copy.costRange;
    else errors.other ??= issue.message;
  }
  return errors;
}

type Checked<T> = { input: T; errors: null } | { input: null; errors: FieldErrors };

/** A new reward's body, or what is wrong with the fields. */
export function checkCreate(fields: RewardFields): Checked<RewardCreate> {
  const parsed = zRewardCreate.safeParse(body(fields));
  return parsed.success
    ? { input: parsed.data, errors: null }
    : { input: null, errors: errorsOf(parsed.error.issues) };
}

/** An edit's patch (every form field, so the server stores exactly what is shown). */
export function checkUpdate(fields: RewardFields): Checked<RewardUpdate> {
  const parsed = zRewardUpdate.safeParse(body(fields));
  return parsed.success
    ? { input: parsed.data, errors: null }
    : { input: null, errors: errorsOf(parsed.error.issues) };
}
