import type { Habit } from '@habitquest/contracts/habits';
import { streakLength } from '@habitquest/core/streaks';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { habitsCopy as copy } from './copy';
import { useDeleteHabit } from './mutations';

/** Delete Habit confirmation: category, frequency, XP and best streak, and the warning (docs/product.md). */
export function DeleteHabitDialog({
  habit,
  onDeleting,
  onClose,
}: {
  habit: Habit;
  /** Runs as the deletion is confirmed, before the dialog closes. */
  onDeleting?: () => void;
  onClose: () => void;
}) {
  const remove = useDeleteHabit();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={copy.deleteTitle}
      description={habit.title}
    >
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {[
          [copy.category, habit.category ?? '—'],
          [copy.frequency, copy.frequencies[habit.frequency]],
          [copy.xpReward, copy.xp(habit.xpOnComplete)],
          [copy.bestStreakLabel, streakLength(habit.bestStreak, habit.frequency)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-100 px-3 py-2 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="font-semibold text-slate-900 wrap-anywhere dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
        {copy.deleteWarning}
      </p>
      <DialogActions className="mt-5">
        <Button variant="ghost" onClick={onClose}>
          {copy.cancel}
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => {
            onDeleting?.();
            remove.mutate(habit);
            onClose();
          }}
        >
          {remove.isPending ? copy.deleting : copy.deleteConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
