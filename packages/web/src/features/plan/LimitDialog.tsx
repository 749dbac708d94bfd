import { Crown } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';

export type LimitNotice = { resource: string; message: string };

/**
 * What a LIMIT_REACHED answer opens. The upgrade-to-Pro modal (issue 7) replaces this one: every
 * caller goes through DashboardPage's `onLimitReached`, the one place to swap it in.
 */
export function LimitDialog({ notice, onClose }: { notice: LimitNotice; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Free plan limit reached"
    >
      <div className="flex items-start gap-3">
        <span className="bg-accent-gradient inline-flex size-10 shrink-0 items-center justify-center rounded-xl">
          <Crown aria-hidden className="size-5" />
        </span>
        <p className="text-slate-700 dark:text-slate-200">{notice.message}</p>
      </div>
      <Button className="mt-6 w-full" onClick={onClose}>
        OK
      </Button>
    </Dialog>
  );
}
