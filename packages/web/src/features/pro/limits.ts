/**
 * Free-plan limits in the browser, in one place: the upgrade modal opens before an empty form
 * at a limit (GET /api/me's plan.limits and plan.counts, core's rule), and a LIMIT_REACHED that
 * still comes back (another device created one meanwhile) opens it the same way.
 */
import type { Plan } from '@habitquest/contracts/me';
import { canCreate, limitMessage, type LimitedResource } from '@habitquest/core/plan';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { meQuery } from '../me/queries';
import { openUpgrade, triggerOf } from './upgrade-store';

/** Whether the plan allows one more of `resource`; an unknown plan (still loading) allows it. */
export function isAtLimit(plan: Plan | undefined, resource: LimitedResource): boolean {
  if (!plan?.limits) return false;
  return !canCreate(resource, plan.counts[resource], plan.isPro);
}

/**
 * `guard(resource, open)` runs `open` (the create form) when the plan allows one more, and opens
 * the upgrade modal with the limit's message instead when it does not.
 */
export function useLimitGate(): (resource: LimitedResource, open: () => void) => void {
  const me = useQuery(meQuery);
  return (resource, open) => {
    if (isAtLimit(me.data?.plan, resource)) {
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
