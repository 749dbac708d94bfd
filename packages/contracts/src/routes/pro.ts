/** Pro: the checkout, Stripe's webhook, and the analytics Pro unlocks. Part of the route table (../routes.ts). */
import type { DailyAnalytics } from '@habitquest/core/analytics/daily';
import type { MonthlyAnalytics } from '@habitquest/core/analytics/monthly';
import type { OverviewAnalytics } from '@habitquest/core/analytics/overview';
import type { WeeklyAnalytics } from '@habitquest/core/analytics/weekly';
import type {
  AnalyticsDayQuery,
  AnalyticsMonthQuery,
  AnalyticsWeekQuery,
  AnalyticsYearQuery,
} from '../analytics';
import type { CheckoutRequest, CheckoutResult, WebhookReceipt } from '../checkout';
import { route } from '../route';

export const proRoutes = {
  checkout: route<{ body: CheckoutRequest; response: CheckoutResult }>()({
    method: 'post',
    path: '/api/checkout',
  }),
  stripeWebhook: route<{ response: WebhookReceipt }>()({
    method: 'post',
    path: '/api/webhooks/stripe',
    access: 'signature',
  }),
  overviewAnalytics: route<{ query: AnalyticsYearQuery; response: OverviewAnalytics }>()({
    method: 'get',
    path: '/api/analytics/overview',
  }),
  monthlyAnalytics: route<{ query: AnalyticsMonthQuery; response: MonthlyAnalytics }>()({
    method: 'get',
    path: '/api/analytics/monthly',
  }),
  weeklyAnalytics: route<{ query: AnalyticsWeekQuery; response: WeeklyAnalytics }>()({
    method: 'get',
    path: '/api/analytics/weekly',
  }),
  dailyAnalytics: route<{ query: AnalyticsDayQuery; response: DailyAnalytics }>()({
    method: 'get',
    path: '/api/analytics/daily',
  }),
} as const;
