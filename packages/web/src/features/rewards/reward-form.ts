/**
 * The Create/Edit Reward form's fields and their check with the wire's own schemas (docs/product.md):
 * the name must not be blank; the cost is a whole number of points from 1 to 10000, never
 * rounded or forced into range behind the user's back.
 */
import {
  DEFAULT_REWARD_COST,
  REWARD_COST_MAX,
  REWARD_COST_MIN,
  zRewardCreate,
  zRewardUpdate,
  type Reward,
  type RewardCreate,
  type RewardUpdate,
} from '@habitquest/contracts/rewards';
import type { Checked, FieldErrors as FormErrors } from '../../components/ui/use-form';
import { parseWholeNumber } from '../../components/ui/use-form';
import { rewardsCopy as copy } from './copy';

export type RewardFields = {
  name: string;
  cost: string;
  description: string;
  icon: string;
  keepInShop: boolean;
};

export type FieldErrors = FormErrors<keyof RewardFields>;

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

/** The typed cost, or null unless it is a whole number of points from 1 to 10000. */
export function parseCost(text: string): number | null {
  return parseWholeNumber(text, REWARD_COST_MIN, REWARD_COST_MAX);
}

/** The one message for a cost that is not allowed. */
export const COST_RANGE = copy.costRange(REWARD_COST_MIN, REWARD_COST_MAX);

function body(fields: RewardFields) {
  return {
    name: fields.name,
    cost: parseCost(fields.cost) ?? DEFAULT_REWARD_COST,
    description: fields.description,
    icon: fields.icon,
    keepInShop: fields.keepInShop,
  };
}

function errorsOf(
  fields: RewardFields,
  issues: readonly { path: PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  if (parseCost(fields.cost) === null) errors.cost = COST_RANGE;
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === 'name') errors.name ??= issue.message;
    else if (field === 'description') errors.description ??= issue.message;
    else if (field === 'icon') errors.icon ??= issue.message;
  }
  return errors;
}

function checked<T>(
  fields: RewardFields,
  parsed:
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): Checked<T, keyof RewardFields> {
  const errors = errorsOf(fields, parsed.success ? [] : parsed.error.issues);
  if (Object.keys(errors).length > 0 || !parsed.success) return { input: null, errors };
  return { input: parsed.data, errors: null };
}

/** A new reward's body, or what is wrong with the fields. */
export function checkCreate(fields: RewardFields): Checked<RewardCreate, keyof RewardFields> {
  return checked(fields, zRewardCreate.safeParse(body(fields)));
}

/** An edit's patch (every form field, so the server stores exactly what is shown). */
export function checkUpdate(fields: RewardFields): Checked<RewardUpdate, keyof RewardFields> {
  return checked(fields, zRewardUpdate.safeParse(body(fields)));
}
