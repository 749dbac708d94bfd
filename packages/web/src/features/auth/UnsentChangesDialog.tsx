import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { authCopy as copy } from './copy';

/**
 * Asked at Sign Out when some of the account's changes could not reach the server (offline, or
 * the server refusing for now): signing out forgets them (docs/offline.md, "Sign-out"), so the
 * user decides, rather than losing them without a word.
 */
export function UnsentChangesDialog({
  count,
  onClose,
  onSignOut,
}: {
  count: number;
  onClose: () => void;
  onSignOut: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={copy.unsentTitle}
      description={copy.unsentText(count)}
    >
      <DialogActions className="mt-5">
        <Button variant="ghost" onClick={onClose}>
          {copy.unsentStay}
        </Button>
        <Button variant="danger" onClick={onSignOut}>
          {copy.unsentSignOut}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
