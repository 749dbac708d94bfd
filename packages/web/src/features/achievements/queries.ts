import type { QueryKeyPrefix } from '@habitquest/contracts/event-map';
import { routes } from '@habitquest/contracts/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** GET /api/achievements; refetched when an 'achievements' event says one was unlocked. */
export const achievementsQuery = queryOptions({
  queryKey: ['achievements'] as const satisfies QueryKeyPrefix,
  queryFn: () => call(routes.listAchievements),
  staleTime: 5 * 60_000,
});
