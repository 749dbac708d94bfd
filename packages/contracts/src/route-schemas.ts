/**
 * The summary and zod schemas of each route in routes.ts, by the same name: the server validates
 * requests with them and /api/openapi.json describes them. The compiler holds them to the route's types, and a
 * route without an entry here does not compile. Only the server imports this file, so zod stays
 * out of the web's first download.
 */
import { z } from 'zod';
import { zAbout } from './about';
import { zAchievementList } from './achievements';
import { zPushDone, zPushKey, zPushSubscription, zPushUnsubscribe } from './push';
import { zReminderClaim, zReminderClaimResult, zSentReminders } from './reminders';
import { zAccountSize } from './account';
import {
  zAnalyticsDayQuery,
  zAnalyticsMonthQuery,
  zAnalyticsWeekQuery,
  zAnalyticsYearQuery,
  zDailyAnalytics,
  zMonthlyAnalytics,
  zOverviewAnalytics,
  zWeeklyAnalytics,
} from './analytics';
import { zAuthProviders } from './auth';
import { zImportRequest, zImportResult, zResetRequest, zResetResult } from './backup';
import { zCategory, zCategoryCreate, zCategoryDeleteResult, zCategoryUpdate } from './categories';
import { zCheckoutRequest, zCheckoutResult, zWebhookReceipt } from './checkout';
import {
  zCompletion,
  zCompletionColumns,
  zCompletionsQuery,
  zHabit,
  zHabitCreate,
  zHabitDeleteResult,
  zHabitUpdate,
  zHabitWithCompletions,
  zSetCompletion,
  zSetCompletionResult,
  zSetSkipResult,
} from './habits';
import { zMe, zProfilePatch } from './me';
import { zPauseRequest, zRestHistory, zSetSkip, zSkip, zVacation, zVacationState } from './rest';
import {
  zPurchase,
  zRedeemResult,
  zReward,
  zRewardCreate,
  zRewardDeleteResult,
  zRewardUpdate,
} from './rewards';
import type { BodyOf, QueryOf, ResponseOf, RouteName, Routes } from './routes';
import { zSettings, zSettingsPatch } from './settings';

/* eslint-disable @typescript-eslint/no-explicit-any -- a schema's input type is free: only what it
   parses to is held to the route's type. */
export type RouteSchemas<R> = {
  /** One line for the API document. */
  summary: string;
  /** Parsed from the query string; with `optionalQuery`, only when any of its keys is given. */
  query?: z.ZodType<NonNullable<QueryOf<R>>, any>;
  optionalQuery?: true;
  body?: z.ZodType<BodyOf<R>, any>;
  /** The handler reads the body itself (an import is parsed off the main thread, a webhook's
   *  signature is over its raw bytes); the schema only describes it. */
  rawBody?: true;
  response?: z.ZodType<ResponseOf<R>, any>;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

const zHealth = z.object({
  ok: z.boolean(),
  db: z.enum(['pglite', 'postgres']).optional(),
  starting: z.boolean().optional(),
});
const zReadiness = z.object({ ready: z.literal(true), db: z.enum(['pglite', 'postgres']) });

export const ROUTE_SCHEMAS = {
  health: {
    summary: 'Liveness: 200 while the process serves HTTP, also while it starts',
    response: zHealth,
  },
  ready: {
    summary:
      'Readiness: 200 when requests can be served; 503 while migrations run or when the database cannot be reached',
    response: zReadiness,
  },
  about: {
    summary: "The app's version, the feedback address and the desktop app's listing",
    response: zAbout,
  },
  openApi: { summary: 'This document' },

  session: { summary: 'The signed-in user, or null' },
  providers: {
    summary: 'The OAuth providers this server has credentials for',
    response: zAuthProviders,
  },
  signInEmail: { summary: 'Sign in with an e-mail address and password; sets the session cookie' },
  signInUsername: { summary: 'Sign in with a username and password; sets the session cookie' },
  signInSocial: { summary: "Start an OAuth sign-in; answers the provider's address" },
  signUp: { summary: 'Create an account; sets the session cookie' },
  signOut: { summary: 'End the session' },
  requestPasswordReset: {
    summary: 'Mail a password-reset link (the answer is the same whether the address is known)',
  },
  resetPassword: { summary: "Set a new password with a reset link's token" },
  isUsernameAvailable: { summary: 'Whether a username is free (rate-limited per address)' },
  changePassword: {
    summary: 'Change the password, given the current one (wrong guesses are rate-limited)',
  },
  verifyPassword: { summary: 'Check the current password (shares the change-password limit)' },
  listAccounts: {
    summary: "How the user signs in: a password ('credential') and the OAuth providers linked",
  },

  me: { summary: 'The user, plan, progress and settings', response: zMe },
  updateProfile: { summary: 'Change the username', body: zProfilePatch, response: zProfilePatch },
  updateSettings: {
    summary: 'Change settings (deep-partial)',
    body: zSettingsPatch,
    response: zSettings,
  },
  accountSize: {
    summary: "The account's row counts and approximate bytes on the server",
    response: zAccountSize,
  },

  listHabits: {
    summary:
      'Habits, newest first, with streaks; with from/to, each with its completions in that window',
    query: zCompletionsQuery,
    optionalQuery: true,
    response: z.array(zHabit.or(zHabitWithCompletions)),
  },
  createHabit: { summary: 'Create a habit (free plan: 15)', body: zHabitCreate, response: zHabit },
  updateHabit: {
    summary: 'Edit a habit; a new frequency regroups its completions by date',
    body: zHabitUpdate,
    response: zHabit,
  },
  deleteHabit: {
    summary: 'Delete a habit and its completions (their XP leaves the total)',
    response: zHabitDeleteResult,
  },
  setCompletion: {
    summary: 'Set whether the habit is complete for the period of a date (idempotent)',
    body: zSetCompletion,
    response: zSetCompletionResult,
  },
  listCompletions: {
    summary: 'Completions dated in a range',
    query: zCompletionsQuery,
    response: z.array(zCompletion),
  },
  listCompletionColumns: {
    summary:
      'Completions dated in a range, compact: per habit, columns of days after `from`, times, period keys, XP and points (no ids)',
    query: zCompletionsQuery,
    response: zCompletionColumns,
  },

  setSkip: {
    summary:
      'Set whether the habit rests in the period of a date (idempotent): a skipped period neither extends nor breaks its streak',
    body: zSetSkip,
    response: zSetSkipResult,
  },
  listSkips: {
    summary: 'Skipped days dated in a range',
    query: zCompletionsQuery,
    response: z.array(zSkip),
  },
  listRestHistory: {
    summary: 'Pauses and vacations already over (those now or ahead come with habits and /api/me)',
    response: zRestHistory,
  },
  pauseHabit: {
    summary: 'Pause a habit from today, until a date or indefinitely: its streak is frozen',
    body: zPauseRequest,
    response: zHabit,
  },
  resumeHabit: { summary: 'Resume a paused habit from today', response: zHabit },
  setVacation: {
    summary: 'Plan vacation mode (replaces the one now or ahead): every habit rests on those days',
    body: zVacation,
    response: zVacationState,
  },
  endVacation: {
    summary: 'End vacation mode today (or cancel the one ahead)',
    response: zVacationState,
  },

  listCategories: { summary: 'Categories by name', response: z.array(zCategory) },
  createCategory: {
    summary: 'Create a category (free plan: 10)',
    body: zCategoryCreate,
    response: zCategory,
  },
  updateCategory: { summary: 'Edit a category', body: zCategoryUpdate, response: zCategory },
  deleteCategory: {
    summary: 'Delete a category; its habits move to the fallback category',
    response: zCategoryDeleteResult,
  },

  listRewards: { summary: 'The shop, by cost', response: z.array(zReward) },
  createReward: {
    summary: 'Create a reward (free plan: 6)',
    body: zRewardCreate,
    response: zReward,
  },
  updateReward: { summary: 'Edit a reward', body: zRewardUpdate, response: zReward },
  deleteReward: { summary: 'Delete a reward (no refund)', response: zRewardDeleteResult },
  redeemReward: { summary: 'Spend points on a reward', response: zRedeemResult },
  listPurchases: { summary: 'The inventory, newest first', response: z.array(zPurchase) },

  listAchievements: {
    summary: 'Every achievement: unlocked when, or the progress toward it',
    response: zAchievementList,
  },

  claimReminder: {
    summary: 'Claim a reminder before showing it: recorded once per day, kind and habit',
    body: zReminderClaim,
    response: zReminderClaimResult,
  },
  listSentReminders: {
    summary: "Today's reminders so far, on every channel",
    response: zSentReminders,
  },

  pushKey: {
    summary: 'The public key browsers subscribe to reminder pushes with',
    response: zPushKey,
  },
  subscribePush: {
    summary: "Keep this browser's push subscription, for reminders when no tab is open",
    body: zPushSubscription,
    response: zPushDone,
  },
  unsubscribePush: {
    summary: "Forget this browser's push subscription",
    body: zPushUnsubscribe,
    response: zPushDone,
  },

  exportData: { summary: 'The backup file (version 4.0.0), streamed as an attachment' },
  importData: {
    summary: 'Import a backup (replace or merge), all or nothing',
    body: zImportRequest,
    rawBody: true,
    response: zImportResult,
  },
  resetData: {
    summary: 'Clear all data and restore the default categories',
    body: zResetRequest,
    response: zResetResult,
  },

  events: { summary: "Server-Sent Events of the user's own changes" },

  checkout: {
    summary: 'Start a Stripe Checkout for Pro',
    body: zCheckoutRequest,
    response: zCheckoutResult,
  },
  stripeWebhook: {
    summary: 'Stripe webhook (signature-verified)',
    rawBody: true,
    response: zWebhookReceipt,
  },
  overviewAnalytics: {
    summary: 'Analytics of a year (Pro)',
    query: zAnalyticsYearQuery,
    response: zOverviewAnalytics,
  },
  monthlyAnalytics: {
    summary: 'Analytics for a month (Pro)',
    query: zAnalyticsMonthQuery,
    response: zMonthlyAnalytics,
  },
  weeklyAnalytics: {
    summary: 'Analytics for the week of a date (Pro)',
    query: zAnalyticsWeekQuery,
    response: zWeeklyAnalytics,
  },
  dailyAnalytics: {
    summary: 'Analytics for a day (Pro)',
    query: zAnalyticsDayQuery,
    response: zDailyAnalytics,
  },
} satisfies { [K in RouteName]: RouteSchemas<Routes[K]> };

/** The schemas of a route, by its name. */
export function schemasOf(name: RouteName): RouteSchemas<Routes[RouteName]> {
  return ROUTE_SCHEMAS[name] as RouteSchemas<Routes[RouteName]>;
}
