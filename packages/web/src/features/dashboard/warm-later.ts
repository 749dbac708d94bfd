import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isReachable } from '../../lib/reachability';
import { whenIdle } from '../../lib/when-idle';
import { achievementsQuery } from '../achievements/queries';
import { purchasesQuery, rewardsQuery } from '../rewards/queries';

/** Nothing of the answers is read here: a change to them renders nothing again. */
const UNREAD = { notifyOnChangeProps: [] as [] };

/**
 * The data and code of what the dashboard builds only once the user nears it (reveal-later.ts:
 * the shop and the inventory, on a phone) or opens it (the achievements, in the status window;
 * Day Insights, code only: its data is the calendar's).
 * Fetched once the page is idle and observed here, so they stay in the cache, and in the copy
 * kept for offline (lib/persist-cache.ts), whether or not their part is built yet: a phone that
 * loses its connection before the user scrolls down still shows them (docs/offline.md).
 */
export function useWarmLaterSections(): void {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    whenIdle(() => {
      setIsIdle(true);
      // Their code too: without a service worker (an insecure origin, or before it is
      // installed) a part never loaded cannot load offline. Only while the server answers: a
      // failed import may be remembered by the browser (lib/import-again.ts), and the part then
      // loads when it is asked for.
      if (!isReachable()) return;
      for (const load of [
        () => import('../rewards/RewardsBoard'),
        () => import('../rewards/RewardsShopModal'),
        () => import('./StatusDialog'),
        () => import('../calendar/DayInsightsDialog'),
      ])
        load().catch(() => undefined);
    });
  }, []);
  useQuery({ ...rewardsQuery, ...UNREAD, enabled: isIdle });
  useQuery({ ...purchasesQuery, ...UNREAD, enabled: isIdle });
  useQuery({ ...achievementsQuery, ...UNREAD, enabled: isIdle });
}

/**
 * The hook in a part of its own, so that even its own updates leave the dashboard be. Rendered
 * with the signed-in dashboard.
 */
export function WarmLaterSections() {
  useWarmLaterSections();
  return null;
}
