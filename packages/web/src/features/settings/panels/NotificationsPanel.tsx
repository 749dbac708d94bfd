/**
 * The Smart Habit Reminders panel (docs/product.md "Reminders"): the synced switches and the
 * streak-protection slider, this device's pause and snooze, the browser's permission (asked only
 * on a click) with what to do when it is refused or cannot work, the background service's state,
 * and 'Test Notification'.
 */
import type { ReminderSettings } from '@habitquest/contracts/settings';
import { BellRing, Info } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { formatInstant } from '../../../lib/format';
import { desktopCopy } from '../../desktop/copy';
import { DesktopControls } from '../../desktop/DesktopControls';
import { desktopCall, isInDesktopShell } from '../../desktop/desktop-shell';
import { remindersCopy as copy } from '../../reminders/copy';
import { setPaused, snooze, useDeviceReminderState } from '../../reminders/device-state';
import {
  askPermission,
  notificationSupport,
  permissionNow,
  showNotification,
  type Permission,
} from '../../reminders/notifications';
import { ensurePushSubscription, type PushState } from '../../reminders/push-subscription';
import { useUpdateSettings } from '../mutations';
import { useSaveLater } from '../use-save-later';
import { Section, Slider, Switch } from './parts';

export function NotificationsPanel({
  reminders,
  timeZone,
}: {
  reminders: ReminderSettings;
  timeZone: string;
}) {
  const update = useUpdateSettings();
  const device = useDeviceReminderState();
  const support = notificationSupport();
  const [permission, setPermission] = useState<Permission>(permissionNow);
  const [isSending, setIsSending] = useState(false);
  const [riskHours, setRiskHours] = useState(reminders.streakRiskHours);
  const [push, setPush] = useState<PushState | null>(null);
  useEffect(() => {
    // The desktop shell sends reminders itself, also while hidden: no pushes needed there.
    if (permission !== 'granted' || !reminders.enabled || isInDesktopShell()) return;
    let isCurrent = true;
    void ensurePushSubscription().then((state) => {
      if (isCurrent) setPush(state);
    });
    return () => {
      isCurrent = false;
    };
  }, [permission, reminders.enabled]);
  const saves = useSaveLater((changes: Partial<ReminderSettings>) => {
    update.mutate({ reminders: changes });
  });

  // Another device (or a refused save) changed the slider's value: show it.
  useEffect(() => {
    if (!saves.isWaiting()) setRiskHours(reminders.streakRiskHours);
  }, [reminders.streakRiskHours, saves]);

  const canNotify = support === 'supported' && permission !== 'denied';
  const isOff = !canNotify || !reminders.enabled;
  const change = (patch: Partial<ReminderSettings>): void => {
    saves.now(patch);
  };
  const isSnoozed = device.snoozedUntil !== null && device.snoozedUntil > Date.now();
  const isInShell = isInDesktopShell();
  // The desktop shell is asked whether its planner runs (it stops as the app quits); a shell
  // that does not answer is "Unknown". In a browser the planner is this page.
  const shellQuery = useQuery({
    queryKey: ['desktop', 'background-service'],
    queryFn: async () => (await desktopCall('is_background_service_running', {})) ?? 'unknown',
    enabled: isInShell,
    networkMode: 'always',
    staleTime: 0,
  });
  const shellService = shellQuery.data;
  const service =
    !canNotify || !reminders.enabled || device.isPaused || permission !== 'granted'
      ? copy.service.stopped
      : !isInShell
        ? copy.service.running
        : shellService === true
          ? desktopCopy.serviceRunning
          : shellService === false
            ? copy.service.stopped
            : shellQuery.isPending
              ? copy.service.checking
              : copy.service.unknown;

  const sendTest = async (): Promise<void> => {
    setIsSending(true);
    try {
      const granted = await askPermission();
      setPermission(granted);
      if (granted !== 'granted') return;
      await showNotification({
        title: copy.testTitle,
        body: copy.testBody,
        tag: 'test',
        data: {},
      });
      toast.success(copy.testSent);
    } catch {
      toast.error(copy.failed);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <Section title={copy.heading} description={copy.intro}>
        <PermissionNotice
          support={support}
          permission={permission}
          onAllow={() => {
            void askPermission().then(setPermission);
          }}
        />
      </Section>
      <Section title={copy.settingsHeading}>
        <div className="flex flex-col gap-5">
          <Switch
            label={copy.enabled}
            hint={copy.enabledHint}
            checked={reminders.enabled}
            disabled={!canNotify}
            onChange={(enabled) => {
              change({ enabled });
            }}
          />
          <Slider
            label={copy.streakProtection}
            min={1}
            max={24}
            step={1}
            value={riskHours}
            disabled={isOff}
            valueText={copy.streakHours(riskHours)}
            onChange={(hours) => {
              setRiskHours(hours);
              saves.later({ streakRiskHours: hours });
            }}
          />
          <p className="-mt-3 text-sm text-slate-600 dark:text-slate-300">{copy.streakHint}</p>
          <Switch
            label={copy.evening}
            hint={copy.eveningHint}
            checked={reminders.eveningReminder}
            disabled={isOff}
            onChange={(eveningReminder) => {
              change({ eveningReminder });
            }}
          />
          <Switch
            label={copy.startup}
            hint={copy.startupHint}
            checked={reminders.startupReminder}
            disabled={isOff}
            onChange={(startupReminder) => {
              change({ startupReminder });
            }}
          />
          <Switch
            label={copy.nudges}
            hint={copy.nudgesHint}
            checked={reminders.randomReminders}
            disabled={isOff}
            onChange={(randomReminders) => {
              change({ randomReminders });
            }}
          />
          <Switch
            label={copy.paused}
            hint={
              isSnoozed && device.snoozedUntil !== null
                ? copy.snoozedUntil(formatInstant(new Date(device.snoozedUntil), timeZone))
                : copy.pausedHint
            }
            checked={device.isPaused}
            disabled={isOff}
            onChange={setPaused}
          />
        </div>
      </Section>
      <Section
        title={copy.serviceLabel}
        description={service}
        actions={
          <>
            <Button
              variant="secondary"
              disabled={isOff || device.isPaused}
              onClick={() => {
                snooze();
              }}
            >
              {copy.snooze}
            </Button>
            <Button disabled={isSending || support !== 'supported'} onClick={() => void sendTest()}>
              <BellRing aria-hidden className="size-4" />
              {isSending ? copy.sending : copy.test}
            </Button>
          </>
        }
      >
        {push ? (
          <p className="mb-2 text-sm text-slate-700 dark:text-slate-200">{copy.push[push]}</p>
        ) : null}
        <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {isInDesktopShell() ? desktopCopy.help : copy.help}
        </p>
        <DesktopControls />
      </Section>
    </div>
  );
}

function PermissionNotice({
  support,
  permission,
  onAllow,
}: {
  support: ReturnType<typeof notificationSupport>;
  permission: Permission;
  onAllow: () => void;
}) {
  const text =
    support === 'insecure'
      ? copy.permission.insecure(window.location.host)
      : support === 'unsupported'
        ? copy.permission.unsupported
        : isInDesktopShell() && permission !== 'default'
          ? permission === 'granted'
            ? desktopCopy.permissionGranted
            : desktopCopy.permissionDenied
          : copy.permission[permission];
  const isProblem = support !== 'supported' || permission === 'denied';
  return (
    <div
      role={isProblem ? 'alert' : 'status'}
      className="flex flex-col gap-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between dark:text-slate-200"
    >
      <p className={isProblem ? 'font-medium text-amber-800 dark:text-amber-200' : undefined}>
        {text}
      </p>
      {support === 'supported' && permission === 'default' ? (
        <Button variant="secondary" className="shrink-0" onClick={onAllow}>
          {copy.allow}
        </Button>
      ) : null}
    </div>
  );
}
