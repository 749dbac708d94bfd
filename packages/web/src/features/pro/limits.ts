/**
 * Free-plan limits in the browser, in one place: the upgrade modal opens before an empty form
 * at a limit (GET /api/me's plan.limits and plan.counts, or the cached lists when they hold more:
 * creates made offline; core's rule), and a LIMIT_REACHED that still comes back (another device
 * created one meanwhile) opens it the same way.
 */
import type { Plan } from '@habitquest/contracts/me';
import { canCreate, limitMessage, type LimitedResource } from '@habitquest/core/plan';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { categoriesQuery } from '../goals/queries';
import { habitsQuery } from '../habits/queries';
import { meQuery } from '../me/queries';
import { rewardsQuery } from '../rewards/queries';
import { openUpgrade, triggerOf } from './upgrade-store';

/**
 * Whether the plan allows one more of `resource`; an unknown plan (still loading) allows it.
 * `shown` is how many the browser holds now, made offline and not yet sent included: the plan's
 * count is the server's, from before them.
 */
export function isAtLimit(plan: Plan | undefined, resource: LimitedResource, shown = 0): boolean {
  if (!plan?.limits) return false;
  return !canCreate(resource, Math.max(plan.counts[resource], shown), plan.isPro);
}

/** How many of `resource` the browser's cached lists hold (the fallback category is not one). */
function shownCount(client: QueryClient, resource: LimitedResource): number {
  switch (resource) {
    case 'habits':
      return client.getQueryData(habitsQuery.queryKey)?.length ?? 0;
    case 'categories':
      return (
        client.getQueryData(categoriesQuery.queryKey)?.filter((category) => !category.isFallback)
          .length ?? 0
      );
    case 'rewards':
      return client.getQueryData(rewardsQuery.queryKey)?.length ?? 0;
  }
}

/**
 * `guard(resource, open)` runs `open` (the create form) when the plan allows one more, and opens
 * the upgrade modal with the limit's message instead when it does not.
 */
export function useLimitGate(): (resource: LimitedResource, open: () => void) => void {
  const me = useQuery(meQuery);
  const client = useQueryClient();
  return (resource, open) => {
    if (isAtLimit(me.data?.plan, resource, shownCount(client, resource))) {
      openUpgrade({ trigger: resource, message: limitMessage(resource) });
      return;
    }
    open();
  };
}

/** Opens the upgrade modal for a LIMIT_REACHED; false for any other error. */
export function openUpgradeOnLimit(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 'LIMIT_REACHED') return false;
  const resource = error.details.resource;
  openUpgrade({
    trigger: triggerOf(typeof resource === 'string' ? resource : 'habits'),
    message: error.message,
  });
  return true;
}
