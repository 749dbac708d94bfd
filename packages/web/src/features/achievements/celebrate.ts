/**
 * An unlock is celebrated (docs/product.md "Achievements") in the tab whose change earned it:
 * a toast naming what was unlocked, with the level-up fanfare. Other tabs just refresh the list.
 */
import { achievementById } from '@habitquest/core/achievements';
import { toast } from '../../lib/toast';
import { playSound } from '../audio/engine';
import { achievementsCopy as copy } from './copy';

export function celebrateAchievements(ids: readonly string[]): void {
  const titles = ids.flatMap((id) => {
    const achievement = achievementById(id);
    return achievement ? [achievement.title] : [];
  });
  if (titles.length === 0) return;
  playSound('level-up');
  toast.success(copy.unlockedTitle(titles.length), {
    description: titles.join(', '),
    duration: 5000,
  });
}
