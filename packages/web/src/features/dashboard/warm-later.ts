import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { achievementsQuery } from '../achievements/queries';
import { purchasesQuery, rewardsQuery } from '../rewards/queries';

/**
 * The data and code of what a phone builds only as the user scrolls near it (reveal-later.ts) or
 * opens it: the shop, the inventory and the achievements. Fetched once the page is idle and observed
 * here, so it stays in the cache, and in the copy kept for offline (lib/persist-cache.ts),
 * whether or not its section is built yet: a phone that loses its connection before the user
 * scrolls down still shows them (docs/offline.md). Nothing here reads the answers, so they do not
 * render the dashboard again.
 */
export function useWarmLaterSections(isSignedIn: boolean): void {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    whenIdle(() => {
      setIsIdle(true);
      // Their code too, as the calendar's Day Insights' (DashboardPage.tsx): without a service
      // worker (an insecure origin, or before it is installed) a part never loaded cannot load
      // offline. A failure here is the part's own to show, when it is asked for.
      for (const load of [
        () => import('../rewards/RewardsBoard'),
        () => import('../rewards/RewardsShopModal'),
        () => import('./StatusDialog'),
      ])
        load().catch(() => undefined);
    });
  }, []);
  const enabled = isSignedIn && isIdle;
  useQuery({ ...rewardsQuery, enabled });
  useQuery({ ...purchasesQuery, enabled });
  useQuery({ ...achievementsQuery, enabled });
}
