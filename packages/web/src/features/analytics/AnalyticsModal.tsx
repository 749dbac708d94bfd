import type { LocalDate } from '@habitquest/core/dates';
import { Dialog } from '../../components/ui/Dialog';
import { openUpgrade } from '../pro/upgrade-store';
import { AnalyticsTabs } from './AnalyticsTabs';
import { analyticsCopy as copy } from './copy';
import { LockedAnalytics } from './LockedAnalytics';

/** The Analytics Dashboard (docs/product.md): four tabs for Pro, a locked preview for everyone else. */
export function AnalyticsModal(props: { isPro: boolean; today: LocalDate; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={copy.title}
      // sm: so the width wins over the primitive's own max-w-md in the stylesheet's order.
      className="sm:max-w-4xl"
    >
      {props.isPro ? (
        <AnalyticsTabs today={props.today} />
      ) : (
        <LockedAnalytics
          onUpgrade={() => {
            props.onClose();
            openUpgrade({ trigger: 'habits' });
          }}
        />
      )}
    </Dialog>
  );
}
