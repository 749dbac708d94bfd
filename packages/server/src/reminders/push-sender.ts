/**
 * Reminders by Web Push, for when no HabitQuest tab is open (docs/product.md "Reminders"). Every
 * minute, for each user with a subscribed browser that is not quiet (paused, or snoozed until
 * later: its tabs send that with the subscription, push-routes.ts): core's planner runs on the
 * server's data and on the last activity the user's tabs reported (so a tab in use holds back
 * what its own planner holds back, and the tab, not a push, sends it when due), each due reminder
 * is claimed in the same record the tabs and the desktop use (channel 'push'), and what the claim
 * answers is pushed to every subscription that is not quiet, to expire at the user's local
 * midnight. A subscription the push service no longer knows (404, 410) is forgotten. Several
 * instances may run this at once: the claim lets one of them send each reminder, and the pause,
 * snooze and activity are on the rows all of them read; a restart loses nothing (the record is in
 * the database).
 *
 * No user can hold up the others' reminders (docs/security.md "Push subscriptions"): a few users
 * are served at once, each within a time budget per round, a user's browsers are pushed to at
 * once, each push within a timeout, and a round still running when the next is due makes that
 * one skipped. Pushes go only to https endpoints whose host resolves to public addresses.
 */
import type { PushPayload } from '@habitquest/contracts/push';
import { addDays, type LocalDate } from '@habitquest/core/dates';
import { periodKey } from '@habitquest/core/periods';
import { reminderHabitOf } from '@habitquest/core/reminders/habits';
import { planReminders, type ReminderHabit } from '@habitquest/core/reminders/plan';
import { REMINDER_TEXTS } from '@habitquest/core/reminders/rules';
import { instantAt, seededRandom } from '@habitquest/core/reminders/timing';
import { and, eq, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { completions, pushSubscriptions } from '../db/schema';
import { loadRest, restOfHabit } from '../rest/load-rest';
import { listHabits } from '../habits/list-habits';
import type { Logger } from '../logger';
import { loadSettings, todayFor } from '../settings/load-settings';
import { claimReminder } from './claim-reminder';
import { listSentReminders } from './list-sent';
import { reportedActivity } from './reported-activity';
import { RefusedEndpoint, type SendPush, type Subscription } from './web-push-sender';

export const PUSH_INTERVAL_MS = 60_000;
/** Users served at once in a round. */
export const PUSH_CONCURRENCY = 4;
/** How long a round may spend on one user; what is left then waits for the next round. */
export const PUSH_USER_BUDGET_MS = 30_000;

/**
 * One round: what is due for every subscribed user, pushed once. Answers the pushes sent. Users
 * are served `concurrency` at a time, each for at most `userBudgetMs`: a push still waiting then
 * is abandoned, and the reminders not yet claimed are left for the next round.
 */
export async function sendDuePushes(options: {
  db: Database;
  now: Date;
  send: SendPush;
  logger: Logger;
  concurrency?: number;
  userBudgetMs?: number;
}): Promise<number> {
  const { db } = options;
  // A user whose every browser is quiet is left alone: nothing is claimed that nobody would get,
  // so a snoozed reminder still comes when the snooze ends.
  const users = await db
    .selectDistinct({ id: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(isAwake(options.now));
  const budgetMs = options.userBudgetMs ?? PUSH_USER_BUDGET_MS;
  let sent = 0;
  await eachAtMost(options.concurrency ?? PUSH_CONCURRENCY, users, async ({ id: userId }) => {
    try {
      const pushed = await sendForUser({
        ...options,
        userId,
        signal: AbortSignal.timeout(budgetMs),
      });
      sent += pushed;
    } catch (error) {
      options.logger.warn({ err: error, userId }, 'reminder pushes failed for a user');
    }
  });
  return sent;
}

/** A subscription that is neither paused nor snoozed at `now`. */
function isAwake(now: Date): SQL | undefined {
  return or(
    isNull(pushSubscriptions.quietUntil),
    lte(pushSubscriptions.quietUntil, now.toISOString()),
  );
}

/** Runs `work` on every item, at most `limit` at once; `work` must not throw. */
async function eachAtMost<T>(
  limit: number,
  items: readonly T[],
  work: (item: T) => Promise<void>,
): Promise<void> {
  // The workers share one iterator: each takes the next item when it is free.
  const queue = items.values();
  const worker = async () => {
    for (const item of queue) await work(item);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

async function sendForUser(options: {
  db: Database;
  userId: string;
  now: Date;
  send: SendPush;
  logger: Logger;
  /** Aborts when the user's time in this round is up. */
  signal: AbortSignal;
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
      rest: restOfHabit(rest, habit.id),
      today,
      weekStart,
    }),
  );
  const lastCompletion = Math.max(0, ...habits.map((h) => h.lastCompletedAt ?? 0));
  const sentToday = await listSentReminders({ db, userId, now });
  const reported = await reportedActivity(db, {
    userId,
    timeZone,
    today,
    withHours: settings.reminders.intelligentTiming,
  });
  const plan = planReminders({
    config: settings.reminders,
    permission: 'granted',
    activity: {
      // One figure, the later of a tab's app open and last click or key press, as it reported.
      lastAppOpen: null,
      lastInteraction: reported.lastActive,
      lastHabitCompletion: lastCompletion === 0 ? null : lastCompletion,
      // A session's start is a tab's own: the startup reminder is never pushed.
      sessionStartedAt: null,
      dailySessions: reported.dailySessions,
      habitCompletionTimes: {},
      completionsByHour: reported.completionsByHour,
    },
    habits,
    sentToday: sentToday.map((reminder) => ({ kind: reminder.kind, at: Date.parse(reminder.at) })),
    now,
    timeZone,
    weekStart,
    random: seededRandom(`${userId}:${today}`),
  });
  let pushed = 0;
  for (const [index, reminder] of plan.due.entries()) {
    if (options.signal.aborted) {
      // Not claimed: the next round finds them due again.
      options.logger.warn(
        { userId, left: plan.due.length - index },
        "a user's reminder pushes took too long; the rest wait for the next round",
      );
      break;
    }
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

/**
 * Pushes to each of the user's browsers that is not quiet, at once (at most
 * MAX_PUSH_SUBSCRIPTIONS); forgets those the push service no longer knows, and those no push
 * service could have issued.
 */
async function pushToAll(options: {
  db: Database;
  userId: string;
  now: Date;
  payload: PushPayload;
  ttl: number;
  send: SendPush;
  logger: Logger;
  signal: AbortSignal;
}): Promise<number> {
  const { db, userId } = options;
  const subscriptions = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      userId: pushSubscriptions.userId,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), isAwake(options.now)));
  const body = JSON.stringify(options.payload);
  const results = await Promise.all(
    subscriptions.map(async (subscription) => {
      try {
        await options.send(subscription, body, options.ttl, options.signal);
        return 1;
      } catch (error) {
        await failed(options, subscription, error);
        return 0;
      }
    }),
  );
  return results.reduce((sum: number, one) => sum + one, 0);
}

/** What a push that failed means for its subscription. Endpoints are not logged: they are keys. */
async function failed(
  options: { db: Database; userId: string; logger: Logger },
  subscription: Subscription,
  error: unknown,
): Promise<void> {
  const forget = async () => {
    await options.db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, options.userId),
          eq(pushSubscriptions.endpoint, subscription.endpoint),
        ),
      );
  };
  if (error instanceof RefusedEndpoint) {
    options.logger.warn(
      { userId: options.userId, host: error.host, reason: error.message },
      error.forget
        ? 'a push subscription to no push service was forgotten'
        : 'a reminder push was not sent: its endpoint is not on a public address',
    );
    if (error.forget) await forget();
    return;
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 404 || status === 410) await forget();
  else options.logger.warn({ err: error, status }, 'a reminder push was not accepted');
}

/** A reminder is about today: it should not arrive after the user's local midnight. */
function secondsToMidnight(today: LocalDate, timeZone: string, now: Date): number {
  const midnight = instantAt(addDays(today, 1), 0, 0, timeZone).getTime();
  return Math.max(60, Math.round((midnight - now.getTime()) / 1000));
}

/**
 * Runs sendDuePushes every minute until stopped; one round at a time: a round still running when
 * the next is due makes that one skipped (its reminders are still due in the round after).
 */
export function startPushSender(options: {
  db: Database;
  now: () => Date;
  send: SendPush;
  logger: Logger;
  intervalMs?: number;
}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) {
      options.logger.warn('the reminder push round is still running; this one is skipped');
      return;
    }
    running = sendDuePushes({ ...options, now: options.now() })
      .then(
        () => undefined,
        (error: unknown) => {
          options.logger.warn({ err: error }, 'the reminder push round failed');
        },
      )
      .finally(() => {
        running = null;
      });
  }, options.intervalMs ?? PUSH_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
