/** Achievements. Part of the route table (../routes.ts). */
import type { AchievementList } from '../achievements';
import { route } from '../route';

export const achievementRoutes = {
  listAchievements: route<{ response: AchievementList }>()({
    method: 'get',
    path: '/api/achievements',
  }),
} as const;
