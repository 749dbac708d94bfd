import { CircleX, Crown } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { runCheckout } from './checkout';
import { proCopy as copy } from './copy';

/** Checkout Cancelled (docs/product.md): the free tier goes on; 'Try Again' starts checkout once more. */
export function CheckoutCancelledDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      icon={<CircleX aria-hidden className="size-6 text-slate-500 dark:text-slate-400" />}
      title={copy.cancelTitle}
      description={copy.cancelIntro}
    >
      <p className="text-slate-700 dark:text-slate-200">{copy.freeTierContinues}</p>
      <DialogActions className="mt-6">
        <Button variant="secondary" onClick={onClose}>
          {copy.backToApp}
        </Button>
        <Button
          onClick={() => {
            onClose();
            void runCheckout({ trigger: 'habits' });
          }}
        >
          <Crown aria-hidden className="size-4" />
          {copy.tryAgain}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
