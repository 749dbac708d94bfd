import type { Me } from '@habitquest/contracts/me';
import { Settings } from 'lucide-react';
import { useAudio } from '../audio/use-audio';
import { lazyDialog } from '../../app/lazy-part';
import { DialogLauncher } from '../../components/ui/DialogLauncher';

// The dialog, its panels and the backup checks load when first opened.
const SettingsDialog = lazyDialog(
  () => import('./SettingsDialog'),
  (m) => m.SettingsDialog,
);

/**
 * The hero's 'Settings' button and the dialog it opens. It also keeps the audio engine in step
 * with the saved audio settings, as it is on screen for as long as the dashboard is.
 */
export function SettingsButton({ me, className }: { me: Me; className?: string }) {
  useAudio(me.settings.audio);
  return (
    <DialogLauncher
      icon={Settings}
      label="Settings"
      {...(className ? { className } : {})}
      dialog={(close) => <SettingsDialog settings={me.settings} onClose={close} />}
    />
  );
}
