/**
 * HabitQuest's tables (docs/decisions.md). Every row carries user_id and every query filters by it.
 * Points and XP are a ledger; `progress` caches its sums and is locked to serialise a user's
 * money-like changes (completions, redeems, limits).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

export { account, session, user, verification } from './auth-schema';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userId = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** A user's settings document (theme, accent, audio, reminders, week start, time zone). */
export const userSettings = pgTable('user_settings', {
  userId: userId().primaryKey(),
  settings: jsonb('settings').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cached sums of the ledger. Balance = sum of the ledger, always. `revision` moves whenever the
 * user's habits, completions, rest, categories or settings change, bumped by triggers in the same
 * transaction (migration 20261124_revision): the key of the derived answers the server keeps
 * (habits/derived-cache.ts, docs/performance.md).
 */
export const progress = pgTable('progress', {
  userId: userId().primaryKey(),
  xp: integer('xp').notNull().default(0),
  points: integer('points').notNull().default(0),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const LEDGER_KINDS = ['earn', 'undo', 'redeem', 'import', 'reset'] as const;

export const ledger = pgTable(
  'ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    xpDelta: integer('xp_delta').notNull(),
    pointsDelta: integer('points_delta').notNull(),
    /** The completion, purchase or import this entry accounts for. */
    refId: text('ref_id'),
    createdAt,
  },
  (table) => [index('ledger_user_idx').on(table.userId)],
);

export const categories = pgTable(
  'hq_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#6366f1'),
    monthlyTargetXp: integer('monthly_target_xp').notNull().default(200),
    isFallback: boolean('is_fallback').notNull().default(false),
    createdAt,
  },
  (table) => [uniqueIndex('hq_categories_user_name_uq').on(table.userId, table.name)],
);

export const habits = pgTable(
  'hq_habits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    name: text('name').notNull(),
    description: text('description'),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly', 'yearly'] }).notNull(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    isRecurring: boolean('is_recurring').notNull().default(true),
    specificDate: date('specific_date', { mode: 'string' }),
    xpReward: integer('xp_reward').notNull().default(10),
    color: text('color').notNull().default('#10b981'),
    icon: text('icon').notNull().default('target'),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('hq_habits_user_idx').on(table.userId)],
);

export const completions = pgTable(
  'hq_completions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    habitId: uuid('habit_id')
      .notNull()
      .references(() => habits.id, { onDelete: 'cascade' }),
    userId: userId(),
    completionDate: date('completion_date', { mode: 'string' }).notNull(),
    periodKey: text('period_key').notNull(),
    /** What this completion awarded, so an undo takes back exactly that. */
    xpEarned: integer('xp_earned').notNull(),
    pointsEarned: integer('points_earned').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('hq_completions_habit_period_uq').on(table.habitId, table.periodKey),
    index('hq_completions_user_date_idx').on(table.userId, table.completionDate),
  ],
);

/**
 * Rest days (docs/decisions.md, "Rest"). A skip rests the period of the habit's frequency that
 * holds its date; a pause rests a habit from starts_on to ends_on (null: until it is resumed); a
 * vacation rests every habit of the user. Past pauses and vacations stay, so the streaks of the
 * days they covered stay the same.
 */
export const skips = pgTable(
  'hq_skips',
  {
    habitId: uuid('habit_id')
      .notNull()
      .references(() => habits.id, { onDelete: 'cascade' }),
    userId: userId(),
    skipDate: date('skip_date', { mode: 'string' }).notNull(),
    createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.habitId, table.skipDate] }),
    index('hq_skips_user_date_idx').on(table.userId, table.skipDate),
  ],
);

export const pauses = pgTable(
  'hq_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    habitId: uuid('habit_id')
      .notNull()
      .references(() => habits.id, { onDelete: 'cascade' }),
    userId: userId(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** The last day it rests, included; null while it has no end. */
    endsOn: date('ends_on', { mode: 'string' }),
  },
  (table) => [index('hq_pauses_user_idx').on(table.userId, table.habitId)],
);

export const vacations = pgTable(
  'hq_vacations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** The last day of the vacation, included. */
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
  },
  (table) => [index('hq_vacations_user_idx').on(table.userId)],
);

export const rewards = pgTable(
  'hq_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    name: text('name').notNull(),
    description: text('description'),
    cost: integer('cost').notNull().default(100),
    category: text('category'),
    icon: text('icon'),
    rarity: text('rarity'),
    keepInShop: boolean('keep_in_shop').notNull().default(false),
    createdAt,
  },
  (table) => [index('hq_rewards_user_idx').on(table.userId)],
);

/** The inventory: a snapshot of each redeemed reward, kept when the reward itself is deleted. */
export const purchasedRewards = pgTable(
  'hq_purchased_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rewardId: uuid('reward_id'),
    userId: userId(),
    rewardName: text('reward_name').notNull(),
    rewardCost: integer('reward_cost').notNull(),
    rewardDescription: text('reward_description'),
    rewardIcon: text('reward_icon'),
    rewardRarity: text('reward_rarity'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('hq_purchased_rewards_user_idx').on(table.userId, table.purchasedAt)],
);

/**
 * Achievements unlocked (core/achievements.ts, achievements/unlock.ts): one row per user and
 * achievement, so a replayed or concurrent change cannot unlock one twice.
 */
export const achievements = pgTable(
  'hq_achievements',
  {
    userId: userId(),
    achievementId: text('achievement_id').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.achievementId] })],
);

/**
 * Reminders shown, one row per user, local day, kind, slot (the hour of a streak-protection
 * warning, else 0) and habit: whichever channel claims it first shows it, the others never
 * repeat it (reminders/claim-reminder.ts).
 */
export const remindersSent = pgTable(
  'hq_reminders_sent',
  {
    userId: userId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    slot: integer('slot').notNull(),
    habitId: uuid('habit_id')
      .notNull()
      .references(() => habits.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.localDate, table.kind, table.slot, table.habitId] }),
  ],
);

/**
 * Browsers subscribed to reminder pushes (reminders/push-sender.ts). An endpoint is one browser
 * profile: subscribing it again moves it to the account signed in there now. Its tabs send, with
 * the subscription, until when the browser is quiet, when it was last in use and the days it was.
 */
export const pushSubscriptions = pgTable(
  'hq_push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: userId(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt,
    /**
     * No pushes to this browser before this instant: its snooze's end, or 'infinity' while it is
     * paused; null when neither. Compared in SQL only (a string here: 'infinity' is no Date).
     */
    quietUntil: timestamp('quiet_until', { withTimezone: true, mode: 'string' }),
    /** The last app open, click or key press a tab of this browser reported (the planner's). */
    activeAt: timestamp('active_at', { withTimezone: true }),
    /** The local dates this browser started a session on, of the last two weeks (its tab's). */
    sessionDays: jsonb('session_days').$type<string[]>(),
  },
  (table) => [index('hq_push_subscriptions_user_idx').on(table.userId)],
);

/** Pro purchases. Written only by a verified payment webhook or the operator. */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    product: text('product').notNull(),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('php'),
    checkoutSessionId: text('checkout_session_id').unique(),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('purchases_user_idx').on(table.userId)],
);

export const entitlements = pgTable('entitlements', {
  userId: userId().primaryKey(),
  premiumHabit: boolean('premium_habit').notNull().default(false),
  premiumBundle: boolean('premium_bundle').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A repeated Idempotency-Key of the same user gets the first answer back, as long as the request
 * is the same one (request_hash); kept IDEMPOTENCY_TTL_MS (http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userId(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of method, path and body; null on keys stored before it was recorded. */
    requestHash: text('request_hash'),
    status: integer('status').notNull(),
    body: jsonb('body'),
    createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * Fixed-window counters for the app's own rate limits (sign-in per IP, failures per account, reset
 * mails per address). In the database, so every instance shares them.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
});

/** Payment-provider events already handled, keyed by the provider's event id. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
