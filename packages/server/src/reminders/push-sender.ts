/**
 * Reminders by Web Push, for when no HabitQuest tab is open (docs/product.md "Reminders"). Every
 * minute, for each user with a subscribed browser: core's planner runs on the server's data (the
 * device-only activity is unknown here, so only what the data shows is due), each due reminder is
 * claimed in the same record the tabs and the desktop use (channel 'push'), and what the claim
 * answers is pushed to every subscription, to expire at the user's local midnight. A subscription
 * the push service no longer knows (404, 410) is forgotten. Several instances may run this at
 * once: the claim lets one of them send each reminder; a restart loses nothing (the record is in
 * the database).
 */
import type { PushPayload } from '@habitquest/contracts/push';
import { addDays, type LocalDate } from '@habitquest/core/dates';
import { periodKey } from '@habitquest/core/periods';
import { restsOn } from '@habitquest/core/rest';
import { reminderHabitOf } from '@habitquest/core/reminders/habits';
import { planReminders, type ReminderHabit } from '@habitquest/core/reminders/plan';
import { REMINDER_TEXTS } from '@habitquest/core/reminders/rules';
import { instantAt, seededRandom } from '@habitquest/core/reminders/timing';
import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../db/client';
import { completions, pushSubscriptions } from '../db/schema';
import { loadRest, restOfHabit } from '../rest/load-rest';
import { listHabits } from '../habits/list-habits';
import type { Logger } from '../logger';
import { loadSettings, todayFor } from '../settings/load-settings';
import { claimReminder } from './claim-reminder';
import { listSentReminders } from './list-sent';

export const PUSH_INTERVAL_MS = 60_000;

type Subscription = typeof pushSubscriptions.$inferSelect;
/** Sends one push; web-push's sendNotification, or a test's stand-in. */
export type SendPush = (
  subscription: Subscription,
  payload: string,
  ttlSeconds: number,
) => Promise<void>;

/**
 * web-push encrypts the payload and signs the request (VAPID); fetch delivers it, to the browser
 * vendor's push service over https (or, in the tests, a loopback one over http).
 */
export function webPushSender(vapid: {
  publicKey: string;
  privateKey: string;
  subject: string;
}): SendPush {
  return async (subscription, payload, ttlSeconds) => {
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      { TTL: ttlSeconds, vapidDetails: vapid, urgency: 'normal' },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, value]),
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body,
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) {
      throw Object.assign(new Error(`the push service answered ${String(response.status)}`), {
        statusCode: response.status,
      });
    }
  };
}

/** One round: what is due for every subscribed user, pushed once. Answers the pushes sent. */
export async function sendDuePushes(options: {
  db: Database;
  now: Date;
  send: SendPush;
  logger: Logger;
}): Promise<number> {
  const { db } = options;
  const users = await db.selectDistinct({ id: pushSubscriptions.userId }).from(pushSubscriptions);
  let sent = 0;
  for (const { id: userId } of users) {
    try {
      sent += await sendForUser({ ...options, userId });
    } catch (error) {
      options.logger.warn({ err: error, userId }, 'reminder pushes failed for a user');
    }
  }
  return sent;
}

async function sendForUser(options: {
  db: Database;
  userId: string;
  now: Date;
  send: SendPush;
  logger: Logger;
}): Promise<number> {
  const { db, userId, now } = options;
  const settings = await loadSettings(db, userId);
  if (!settings.reminders.enabled) return 0;
  const { timeZone, weekStart } = settings;
  const today = todayFor(settings, now);
  const [habitList, rest] = await Promise.all([
    listHabits({ db, userId, now }),
    loadRest(db, userId),
  ]);
  if (habitList.length === 0) return 0;
  const keys = [...new Set(habitList.map((h) => periodKey(today, h.frequency, weekStart)))];
  const current = await db
    .select({ habitId: completions.habitId, key: completions.periodKey })
    .from(completions)
    .where(and(eq(completions.userId, userId), inArray(completions.periodKey, keys)));
  const habits: ReminderHabit[] = habitList.map((habit) =>
    reminderHabitOf({
      habit,
      completions: current.map((row) => ({ habitId: row.habitId, periodKey: row.key })),
      isResting: restsOn(restOfHabit(rest, habit.id), today, habit.frequency, weekStart),
      today,
      weekStart,
    }),
  );
  const lastCompletion = Math.max(0, ...habits.map((h) => h.lastCompletedAt ?? 0));
  const sentToday = await listSentReminders({ db, userId, now });
  const plan = planReminders({
    config: settings.reminders,
    permission: 'granted',
    activity: {
      lastAppOpen: null,
      lastInteraction: null,
      lastHabitCompletion: lastCompletion === 0 ? null : lastCompletion,
      sessionStartedAt: null,
      dailySessions: {},
      habitCompletionTimes: {},
    },
    habits,
    sentToday: sentToday.map((reminder) => ({ kind: reminder.kind, at: Date.parse(reminder.at) })),
    now,
    timeZone,
    weekStart,
    random: seededRandom(`${userId}:${today}`),
  });
  let pushed = 0;
  for (const reminder of plan.due) {
    const { habitIds } = await claimReminder({
      db,
      userId,
      claim: { kind: reminder.kind, habitIds: reminder.habitIds, channel: 'push' },
      now,
    });
    const claimed = habits.filter((habit) => habitIds.includes(habit.id));
    const [only] = claimed;
    if (!only) continue;
    const payload: PushPayload = {
      title: REMINDER_TEXTS[reminder.kind].title,
      body: REMINDER_TEXTS[reminder.kind].body(claimed),
      tag: `${reminder.kind}-${today}`,
      data: claimed.length === 1 ? { habitId: only.id, date: today } : {},
    };
    pushed += await pushToAll({
      ...options,
      payload,
      ttl: secondsToMidnight(today, timeZone, now),
    });
  }
  return pushed;
}

/** Pushes to each of the user's browsers; forgets those the push service no longer knows. */
async function pushToAll(options: {
  db: Database;
  userId: string;
  payload: PushPayload;
  ttl: number;
  send: SendPush;
  logger: Logger;
}): Promise<number> {
  const { db, userId } = options;
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  let pushed = 0;
  for (const subscription of subscriptions) {
    try {
      await options.send(subscription, JSON.stringify(options.payload), options.ttl);
      pushed += 1;
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      if (status === 404 || status === 410) {
        await db
          .delete(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
      } else {
        options.logger.warn({ err: error, status }, 'a reminder push was not accepted');
      }
    }
  }
  return pushed;
}

/** A reminder is about today: it should not arrive after the user's local midnight. */
function secondsToMidnight(today: LocalDate, timeZone: string, now: Date): number {
  const midnight = instantAt(addDays(today, 1), 0, 0, timeZone).getTime();
  return Math.max(60, Math.round((midnight - now.getTime()) / 1000));
}

/** Runs sendDuePushes every minute until stopped; one round at a time. */
export function startPushSender(options: {
  db: Database;
  now: () => Date;
  send: SendPush;
  logger: Logger;
  intervalMs?: number;
}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() =>
      sendDuePushes({ ...options, now: options.now() }).catch((error: unknown) => {
        options.logger.warn({ err: error }, 'the reminder push round failed');
      }),
    );
  }, options.intervalMs ?? PUSH_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
