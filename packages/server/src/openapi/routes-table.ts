/**
 * Every JSON route of the API with its schemas from contracts: the source of /api/openapi.json.
 * A test checks that every route the app serves is listed here, so the document cannot drift.
 */
import { zAbout } from '@habitquest/contracts/about';
import { zAccountSize } from '@habitquest/contracts/account';
import { zAnalyticsQuery } from '@habitquest/contracts/analytics';
import { zImportRequest, zImportSummary, zResetRequest } from '@habitquest/contracts/backup';
import { zCategory, zCategoryCreate, zCategoryUpdate } from '@habitquest/contracts/categories';
import { zCheckoutRequest, zCheckoutResult } from '@habitquest/contracts/checkout';
import {
  zCompletion,
  zCompletionsQuery,
  zHabit,
  zHabitCreate,
  zHabitUpdate,
  zHabitWithCompletions,
  zSetCompletion,
  zSetCompletionResult,
} from '@habitquest/contracts/habits';
import { zMe, zProfilePatch } from '@habitquest/contracts/me';
import {
  zPurchase,
  zRedeemResult,
  zReward,
  zRewardCreate,
  zRewardUpdate,
} from '@habitquest/contracts/rewards';
import { zSettings, zSettingsPatch } from '@habitquest/contracts/settings';
import { z } from 'zod';

export type RouteDoc = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Hono path syntax, e.g. /api/habits/:id */
  path: string;
  summary: string;
  isPublic?: boolean;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Status of a success other than 200. */
  status?: number;
  /** A response that is not JSON (SSE, a file). */
  contentType?: string;
};

const zDeleted = z.object({ deleted: z.string() });
const zAnalytics = z.record(z.string(), z.unknown());

export const ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Liveness: 200 while the process serves HTTP, also while it starts',
    isPublic: true,
    response: z.object({ ok: z.boolean(), db: z.enum(['pglite', 'postgres']) }),
  },
  {
    method: 'get',
    path: '/api/ready',
    summary:
      'Readiness: 200 when requests can be served; 503 while migrations run or when the database cannot be reached',
    isPublic: true,
    response: z.object({ ready: z.literal(true), db: z.enum(['pglite', 'postgres']) }),
  },
  {
    method: 'get',
    path: '/api/about',
    summary: "The app's version and the feedback address",
    isPublic: true,
    response: zAbout,
  },
  { method: 'get', path: '/api/openapi.json', summary: 'This document', isPublic: true },
  {
    method: 'get',
    path: '/api/me',
    summary: 'The user, plan, progress and settings',
    response: zMe,
  },
  {
    method: 'patch',
    path: '/api/profile',
    summary: 'Change the username',
    body: zProfilePatch,
    response: zProfilePatch,
  },
  {
    method: 'patch',
    path: '/api/settings',
    summary: 'Change settings (deep-partial)',
    body: zSettingsPatch,
    response: zSettings,
  },
  {
    method: 'get',
    path: '/api/habits',
    summary:
      'Habits, newest first, with streaks; with from/to, each with its completions in that window',
    query: zCompletionsQuery.optional(),
    response: z.array(zHabit.or(zHabitWithCompletions)),
  },
  {
    method: 'post',
    path: '/api/habits',
    summary: 'Create a habit (free plan: 15)',
    body: zHabitCreate,
    response: zHabit,
    status: 201,
  },
  {
    method: 'patch',
    path: '/api/habits/:id',
    summary: 'Edit a habit',
    body: zHabitUpdate,
    response: zHabit,
  },
  {
    method: 'delete',
    path: '/api/habits/:id',
    summary: 'Delete a habit and its completions (their XP leaves the total)',
    response: zDeleted,
  },
  {
    method: 'put',
    path: '/api/habits/:id/completions/:date',
    summary: 'Set whether the habit is complete for the period of a date (idempotent)',
    body: zSetCompletion,
    response: zSetCompletionResult,
  },
  {
    method: 'get',
    path: '/api/completions',
    summary: 'Completions dated in a range',
    query: zCompletionsQuery,
    response: z.array(zCompletion),
  },
  {
    method: 'get',
    path: '/api/categories',
    summary: 'Categories by name',
    response: z.array(zCategory),
  },
  {
    method: 'post',
    path: '/api/categories',
    summary: 'Create a category (free plan: 10)',
    body: zCategoryCreate,
    response: zCategory,
    status: 201,
  },
  {
    method: 'patch',
    path: '/api/categories/:id',
    summary: 'Edit a category',
    body: zCategoryUpdate,
    response: zCategory,
  },
  {
    method: 'delete',
    path: '/api/categories/:id',
    summary: 'Delete a category; its habits move to the fallback category',
  },
  { method: 'get', path: '/api/rewards', summary: 'The shop, by cost', response: z.array(zReward) },
  {
    method: 'post',
    path: '/api/rewards',
    summary: 'Create a reward (free plan: 6)',
    body: zRewardCreate,
    response: zReward,
    status: 201,
  },
  {
    method: 'patch',
    path: '/api/rewards/:id',
    summary: 'Edit a reward',
    body: zRewardUpdate,
    response: zReward,
  },
  { method: 'delete', path: '/api/rewards/:id', summary: 'Delete a reward (no refund)' },
  {
    method: 'post',
    path: '/api/rewards/:id/redeem',
    summary: 'Spend points on a reward',
    response: zRedeemResult,
  },
  {
    method: 'get',
    path: '/api/purchases',
    summary: 'The inventory, newest first',
    response: z.array(zPurchase),
  },
  {
    method: 'get',
    path: '/api/export',
    summary: 'The backup file (version 4.0.0)',
    contentType: 'application/json',
  },
  {
    method: 'post',
    path: '/api/import',
    summary: 'Import a backup (replace or merge), all or nothing',
    body: zImportRequest,
    response: z.object({ summary: zImportSummary, warnings: z.array(z.string()) }),
  },
  {
    method: 'post',
    path: '/api/reset',
    summary: 'Clear all data and restore the default categories',
    body: zResetRequest,
  },
  {
    method: 'get',
    path: '/api/account/size',
    summary: "The account's row counts and approximate bytes on the server",
    response: zAccountSize,
  },
  {
    method: 'get',
    path: '/api/events',
    summary: 'Server-Sent Events of the user’s own changes',
    contentType: 'text/event-stream',
  },
  {
    method: 'post',
    path: '/api/checkout',
    summary: 'Start a Stripe Checkout for Pro',
    body: zCheckoutRequest,
    response: zCheckoutResult,
  },
  {
    method: 'post',
    path: '/api/webhooks/stripe',
    summary: 'Stripe webhook (signature-verified)',
    isPublic: true,
  },
  {
    method: 'get',
    path: '/api/analytics/overview',
    summary: 'Analytics overview (Pro)',
    query: zAnalyticsQuery,
    response: zAnalytics,
  },
  {
    method: 'get',
    path: '/api/analytics/monthly',
    summary: 'Analytics for a month (Pro)',
    query: zAnalyticsQuery,
    response: zAnalytics,
  },
  {
    method: 'get',
    path: '/api/analytics/weekly',
    summary: 'Analytics for a week (Pro)',
    response: zAnalytics,
  },
  {
    method: 'get',
    path: '/api/analytics/daily',
    summary: 'Analytics for a day (Pro)',
    response: zAnalytics,
  },
];
