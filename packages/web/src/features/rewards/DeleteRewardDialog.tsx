import type { Reward } from '@habitquest/contracts/rewards';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { rewardsCopy as copy } from './copy';
import { shortId } from './shop-model';

/** Delete Reward confirmation with every line of its spec text (docs/product.md). */
export function DeleteRewardDialog({
  reward,
  onOpenChange,
  onConfirm,
}: {
  reward: Reward;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={copy.deleteTitle}
      description={copy.deleteQuestion(reward.name)}
    >
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {[
          [copy.costLabel, copy.pts(reward.cost)],
          [copy.idLabel, shortId(reward.id)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-100 px-3 py-2 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex gap-3 rounded-xl bg-red-50 px-3 py-3 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <ul className="flex flex-col gap-1">
          <li>{copy.deletePermanent}</li>
          <li className="font-semibold">{copy.deleteUndo}</li>
          <li>{copy.deleteNoRefund}</li>
        </ul>
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{copy.deleteAlternative}</p>
      <DialogActions className="mt-5">
        <Button
          variant="secondary"
          onClick={() => {
            onOpenChange(false);
          }}
        >
          {copy.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {copy.deleteConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
