/**
 * Web Push (docs/product.md "Reminders"): a browser that allowed notifications subscribes with
 * the server's public key, so reminders reach it when no HabitQuest tab is open.
 */
import { z } from 'zod';

/** The public key a browser subscribes with, or null when this server sends no pushes. */
export const zPushKey = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof zPushKey>;

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export const zPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionBody = z.infer<typeof zPushSubscription>;

export const zPushDone = z.object({ ok: z.literal(true) });
export type PushDone = z.infer<typeof zPushDone>;

export const zPushUnsubscribe = z.strictObject({ endpoint: z.string().max(2000) });
export type PushUnsubscribe = z.infer<typeof zPushUnsubscribe>;

/** What a reminder push carries; the service worker shows it as it is. */
export type PushPayload = {
  title: string;
  body: string;
  tag: string;
  data: { habitId?: string; date?: string };
};
