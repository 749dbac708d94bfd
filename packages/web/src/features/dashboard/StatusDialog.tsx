import type { Me } from '@habitquest/contracts/me';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { formatNumber } from '../../lib/format';
import { AchievementList } from '../achievements/AchievementList';
import { dashboardCopy as copy } from './copy';

/**
 * The status window of the adventurer card: total XP, points, the day streak and the
 * achievements. Loaded when it first opens (AdventurerCard.tsx), with the dialog's code.
 */
export function StatusDialog({ me, onClose }: { me: Me; onClose: () => void }) {
  const { progress } = me;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={copy.statusTitle}
      description={copy.statusIntro}
      className="max-w-2xl"
    >
      <dl className="grid grid-cols-3 gap-3 text-center">
        {[
          [copy.totalXp, formatNumber(progress.xp)],
          [copy.points, formatNumber(progress.points)],
          [copy.currentStreak, copy.days(progress.streak)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl bg-slate-100 p-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <AchievementList timeZone={me.settings.timeZone} />
      <Button className="mt-5 w-full" onClick={onClose}>
        {copy.close}
      </Button>
    </Dialog>
  );
}
