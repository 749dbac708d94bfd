/** Reminders: claiming one for a device, those sent, and web push subscriptions. Part of the route table (../routes.ts). */
import type { PushDone, PushKey, PushSubscriptionBody, PushUnsubscribe } from '../push';
import type { ReminderClaim, ReminderClaimResult, SentReminders } from '../reminders';
import { route } from '../route';

export const reminderRoutes = {
  claimReminder: route<{ body: ReminderClaim; response: ReminderClaimResult }>()({
    method: 'post',
    path: '/api/reminders/claim',
  }),
  listSentReminders: route<{ response: SentReminders }>()({
    method: 'get',
    path: '/api/reminders/sent',
  }),

  pushKey: route<{ response: PushKey }>()({
    method: 'get',
    path: '/api/push/key',
  }),
  subscribePush: route<{ body: PushSubscriptionBody; response: PushDone }>()({
    method: 'put',
    path: '/api/push/subscription',
  }),
  unsubscribePush: route<{ body: PushUnsubscribe; response: PushDone }>()({
    method: 'delete',
    path: '/api/push/subscription',
  }),
} as const;
