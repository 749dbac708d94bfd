import type { Me } from '@habitquest/contracts/me';
import { localDateOf } from '@habitquest/core/dates';
import { ChartColumn } from 'lucide-react';
import { analyticsLaunchCopy as copy } from './launch-copy';
import { lazyDialog } from '../../app/lazy-part';
import { DialogLauncher } from '../../components/ui/DialogLauncher';

// The dashboard, its charts (Recharts) and its queries load when first opened.
const AnalyticsModal = lazyDialog(
  () => import('./AnalyticsModal'),
  (m) => m.AnalyticsModal,
);

/** The hero's 'Analytics' button and the modal it opens. */
export function AnalyticsButton({ me, className }: { me: Me; className?: string }) {
  return (
    <DialogLauncher
      icon={ChartColumn}
      label={copy.button}
      {...(className ? { className } : {})}
      dialog={(close) => (
        <AnalyticsModal
          isPro={me.plan.isPro}
          today={localDateOf(new Date(), me.settings.timeZone)}
          onClose={close}
        />
      )}
    />
  );
}
