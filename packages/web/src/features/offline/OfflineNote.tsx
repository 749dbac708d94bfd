import { CloudOff } from 'lucide-react';
import { offlineCopy as copy } from './copy';

/**
 * In place of what was never loaded on this device, while the server is out of reach. Not a live
 * region: the header's sync badge already announces "Offline Mode".
 */
export function OfflineNote() {
  return (
    <p className="flex items-start gap-2 rounded-2xl border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
      <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      {copy.notLoaded}
    </p>
  );
}
