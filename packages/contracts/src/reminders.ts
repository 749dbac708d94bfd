/**
 * Reminders on the wire (docs/product.md "Reminders"): a channel (an open tab, later a push or
 * the desktop shell) claims a reminder before it shows one; the server records it once per user,
 * local day, kind and habit, and answers only the habits still worth reminding about.
 */
import type { ReminderKind } from '@habitquest/core/reminders/types';
import { z } from 'zod';
import { zId, zInstant } from './common';

export const REMINDER_KINDS = [
  'streak-protection',
  'evening',
  'startup',
  'intelligent',
  'encouragement',
] as const satisfies readonly ReminderKind[];

export const REMINDER_CHANNELS = ['tab', 'push', 'desktop'] as const;

export const zReminderClaim = z.strictObject({
  kind: z.enum(REMINDER_KINDS),
  habitIds: z.array(zId).min(1, 'Name at least one habit').max(200),
  channel: z.enum(REMINDER_CHANNELS),
});
export type ReminderClaim = z.infer<typeof zReminderClaim>;

/** The habits this claim may remind about: due today, not done, not claimed before. */
export const zReminderClaimResult = z.object({ habitIds: z.array(zId) });
export type ReminderClaimResult = z.infer<typeof zReminderClaimResult>;

/** Today's reminders so far, on every channel: what the planner counts against its limits. */
export const zSentReminders = z.array(z.object({ kind: z.enum(REMINDER_KINDS), at: zInstant }));
export type SentReminders = z.infer<typeof zSentReminders>;
