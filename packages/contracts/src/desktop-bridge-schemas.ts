/**
 * The desktop bridge's arguments as zod (desktop-bridge.ts has the names and types): the shell
 * validates every command a page sends with these before acting on it.
 */
import { z } from 'zod';
import { zId, zLocalDate } from './common';
import type { DesktopCommand, DesktopCommandArgs } from './desktop-bridge';
import { zReminderSettings } from './settings';

const none = z.strictObject({});

export const zDesktopNotification = z.strictObject({
  title: z.string().min(1).max(200),
  body: z.string().max(1000),
  tag: z.string().max(100).optional(),
  habitId: zId.optional(),
  date: zLocalDate.optional(),
  isPersistent: z.boolean().optional(),
  isSilent: z.boolean().optional(),
});

export const desktopCommandArgs = {
  notification_supported: none,
  notification_permission: none,
  send_notification: zDesktopNotification,
  record_app_activity: z.strictObject({ kind: z.enum(['interaction', 'open', 'focus']) }),
  is_background_service_running: none,
  init_notifications: none,
  send_test_notification: z.strictObject({
    title: z.string().min(1).max(200),
    body: z.string().max(1000),
  }),
  update_notification_config: z.strictObject({ config: zReminderSettings }),
  record_habit_completion_backend: z.strictObject({ habitId: zId }),
  exit_app_completely: none,
  minimize_to_tray: none,
} satisfies { [C in DesktopCommand]: z.ZodType<DesktopCommandArgs[C]> };

export const DESKTOP_COMMANDS = Object.keys(desktopCommandArgs) as DesktopCommand[];
