import type { Settings } from '@habitquest/contracts/settings';
import { Settings as SettingsIcon } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { Tabs } from '../../components/ui/Tabs';
import { settingsDialogCopy as copy } from './dialog-copy';
import { AccountPanel } from './panels/AccountPanel';
import { AppearancePanel } from './panels/AppearancePanel';
import { AudioPanel } from './panels/AudioPanel';
import { DataPanel } from './panels/DataPanel';
import { NotificationsPanel } from './panels/NotificationsPanel';
import { RegionalPanel } from './panels/RegionalPanel';
import { StoragePanel } from './panels/StoragePanel';
import { VacationPanel } from '../rest/VacationPanel';

export const SETTINGS_TABS = [
  'audio',
  'appearance',
  'regional',
  'vacation',
  'data',
  'storage',
  'notifications',
  'account',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const TABS = SETTINGS_TABS.map((value) => ({ value, label: copy.tabs[value] }));

/** The Settings dialog (docs/product.md): backdrop click and Escape close it. */
export function SettingsDialog({
  settings,
  onClose,
  initialTab = 'audio',
}: {
  settings: Settings;
  onClose: () => void;
  initialTab?: SettingsTab;
}) {
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  // Typing in the Account tab's forms is not saved until sent: it stays (the tab is kept, hidden)
  // while another tab is looked at, and closing the dialog from any tab asks first.
  const [isAccountDirty, setAccountDirty] = useState(false);
  const [hasOpenedAccount, setOpenedAccount] = useState(initialTab === 'account');
  if (tab === 'account' && !hasOpenedAccount) setOpenedAccount(true);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={copy.title}
      icon={<SettingsIcon aria-hidden className="size-5 text-slate-500 dark:text-slate-400" />}
      // sm: so the width wins over the primitive's own max-w-md in the stylesheet's order.
      className="sm:max-w-3xl"
      isDirty={isAccountDirty}
    >
      <Tabs label={copy.tabsLabel} tabs={TABS} value={tab} onChange={setTab} wrap>
        {/* One height for every tab on wide screens, so the dialog does not jump between them. */}
        <div className="sm:min-h-[29rem]">
          {tab === 'audio' ? <AudioPanel audio={settings.audio} /> : null}
          {tab === 'appearance' ? (
            <AppearancePanel theme={settings.theme} accent={settings.accent} />
          ) : null}
          {tab === 'regional' ? (
            <RegionalPanel timeZone={settings.timeZone} weekStart={settings.weekStart} />
          ) : null}
          {tab === 'vacation' ? <VacationPanel timeZone={settings.timeZone} /> : null}
          {tab === 'data' ? <DataPanel onDone={onClose} /> : null}
          {tab === 'storage' ? <StoragePanel /> : null}
          {tab === 'notifications' ? (
            <NotificationsPanel reminders={settings.reminders} timeZone={settings.timeZone} />
          ) : null}
          {hasOpenedAccount ? (
            <div hidden={tab !== 'account'}>
              <AccountPanel onDirtyChange={setAccountDirty} />
            </div>
          ) : null}
        </div>
      </Tabs>
    </Dialog>
  );
}
