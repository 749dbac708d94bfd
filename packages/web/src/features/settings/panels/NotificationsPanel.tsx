import { BellRing } from 'lucide-react';
import { settingsDialogCopy as copy } from '../dialog-copy';
import { Section } from './parts';

/** Reminders are not built yet: the section says so, with no controls that would do nothing. */
export function NotificationsPanel() {
  return (
    <Section title={copy.notificationsHeading}>
      <div className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-200">
        <BellRing
          aria-hidden
          className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400"
        />
        <p>{copy.notificationsText}</p>
      </div>
    </Section>
  );
}
