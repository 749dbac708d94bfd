/**
 * Every route of the API, declared once: method, path, who may call it, and the types of its
 * query, body and answer (its summary and schemas are in route-schemas.ts, which the web does not
 * load). From this table
 * - the server registers its handlers (server/src/http/serve-route.ts),
 * - /api/openapi.json is generated (with the zod schemas of route-schemas.ts, checked against
 *   these types by the compiler),
 * - the web calls the API through one typed client (web/src/lib/api.ts): `call(routes.me)`.
 *
 * Nothing here is zod at run time (types are imported with `import type`), so the web's first
 * download carries the table without zod (docs/decisions.md, "The wire").
 */
import type { DailyAnalytics } from '@habitquest/core/analytics/daily';
import type { MonthlyAnalytics } from '@habitquest/core/analytics/monthly';
import type { OverviewAnalytics } from '@habitquest/core/analytics/overview';
import type { WeeklyAnalytics } from '@habitquest/core/analytics/weekly';
import type { About } from './about';
import type { AccountSize } from './account';
import type {
  AnalyticsDayQuery,
  AnalyticsMonthQuery,
  AnalyticsWeekQuery,
  AnalyticsYearQuery,
} from './analytics';
import type { AuthProviders } from './auth';
import type { ImportResult, ImportRequest, ResetRequest, ResetResult } from './backup';
import type { AchievementList } from './achievements';
import type { PushDone, PushKey, PushSubscriptionBody, PushUnsubscribe } from './push';
import type { ReminderClaim, ReminderClaimResult, SentReminders } from './reminders';
import type { Category, CategoryCreate, CategoryDeleteResult, CategoryUpdate } from './categories';
import type { CheckoutRequest, CheckoutResult, WebhookReceipt } from './checkout';
import type { CompletionColumns } from './completion-columns';
import type {
  Completion,
  CompletionsQuery,
  Habit,
  HabitCreate,
  HabitDeleteResult,
  HabitUpdate,
  HabitWithCompletions,
  SetCompletion,
  SetCompletionResult,
  SetSkipResult,
} from './habits';
import type { Me, ProfilePatch } from './me';
import type { PauseRequest, RestHistory, SetSkip, Skip, Vacation, VacationState } from './rest';
import type {
  Purchase,
  RedeemResult,
  Reward,
  RewardCreate,
  RewardDeleteResult,
  RewardUpdate,
} from './rewards';
import type { Settings, SettingsPatch } from './settings';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route: `session` needs a signed-in user (401 otherwise) and is scoped to them;
 * `public` needs nothing; `signature` is Stripe's webhook, proven by its signature alone.
 */
export type Access = 'session' | 'public' | 'signature';

/** The types a route carries; a key left out means the route takes (or answers) no such thing. */
export type RouteTypes = { query?: unknown; body?: unknown; response?: unknown };

export type Route<P extends string = string, T extends RouteTypes = RouteTypes> = {
  readonly method: Method;
  /** Hono's path syntax: `:id` is a row id (a non-uuid is 404), `:date` a YYYY-MM-DD date. */
  readonly path: P;
  /** Who may call it; without it, `session`. */
  readonly access?: Access;
  /** The status of a success when it is not 200. */
  readonly status?: 201;
  /** An answer that is not JSON: a file to save, or a stream of events. */
  readonly produces?: 'file' | 'text/event-stream';
  /** Never set: carries the route's types for the client and the server. */
  readonly types?: T;
};

/** `'/api/habits/:id/completions/:date'` → `{ id: string; date: string }`. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Record<Name, string> & ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Record<Name, string>
    : NoParams;

/** A path without parameters: an object with no keys. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- exactly "no keys" is meant
export type NoParams = {};

type TypesOf<R> = R extends Route<string, infer T> ? T : never;
export type QueryOf<R> = TypesOf<R> extends { query: infer Q } ? Q : undefined;
export type BodyOf<R> = TypesOf<R> extends { body: infer B } ? B : undefined;
export type ResponseOf<R> = TypesOf<R> extends { response: infer A } ? A : unknown;
export type PathOf<R> = R extends Route<infer P> ? P : string;

/** `route<{ body: X; response: Y }>()({ ... })`: the types first, then the literal path. */
function route<T extends RouteTypes = RouteTypes>() {
  return <const P extends string>(definition: Omit<Route<P, T>, 'types'>): Route<P, T> =>
    definition;
}

type Health = { ok: boolean; db?: 'pglite' | 'postgres'; starting?: boolean };
type Readiness = { ready: true; db: 'pglite' | 'postgres' };
type Session = { user: { id: string; email: string; username?: string | null } } | null;

export const routes = {
  // ---------------------------------------------------------------- the process
  health: route<{ response: Health }>()({
    method: 'get',
    path: '/api/health',
    access: 'public',
  }),
  ready: route<{ response: Readiness }>()({
    method: 'get',
    path: '/api/ready',
    access: 'public',
  }),
  about: route<{ response: About }>()({
    method: 'get',
    path: '/api/about',
    access: 'public',
  }),
  openApi: route<{ response: Record<string, unknown> }>()({
    method: 'get',
    path: '/api/openapi.json',
    access: 'public',
  }),

  // ---------------------------------------------------------------- accounts (Better Auth)
  session: route<{ response: Session }>()({
    method: 'get',
    path: '/api/auth/get-session',
  }),
  providers: route<{ response: AuthProviders }>()({
    method: 'get',
    path: '/api/auth/providers',
  }),
  signInEmail: route<{ body: { email: string; password: string } }>()({
    method: 'post',
    path: '/api/auth/sign-in/email',
  }),
  signInUsername: route<{ body: { username: string; password: string } }>()({
    method: 'post',
    path: '/api/auth/sign-in/username',
  }),
  signInSocial: route<{
    body: { provider: string; callbackURL: string };
    response: { url?: string };
  }>()({
    method: 'post',
    path: '/api/auth/sign-in/social',
  }),
  signUp: route<{ body: { email: string; username: string; password: string; name: string } }>()({
    method: 'post',
    path: '/api/auth/sign-up/email',
  }),
  signOut: route<{ body: Record<string, never> }>()({
    method: 'post',
    path: '/api/auth/sign-out',
  }),
  requestPasswordReset: route<{ body: { email: string; redirectTo: string } }>()({
    method: 'post',
    path: '/api/auth/request-password-reset',
  }),
  resetPassword: route<{ body: { token: string; newPassword: string } }>()({
    method: 'post',
    path: '/api/auth/reset-password',
  }),
  isUsernameAvailable: route<{ body: { username: string }; response: { available: boolean } }>()({
    method: 'post',
    path: '/api/auth/is-username-available',
  }),
  changePassword: route<{
    body: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean };
  }>()({
    method: 'post',
    path: '/api/auth/change-password',
  }),
  verifyPassword: route<{ body: { password: string } }>()({
    method: 'post',
    path: '/api/auth/verify-password',
  }),

  // ---------------------------------------------------------------- the user
  me: route<{ response: Me }>()({
    method: 'get',
    path: '/api/me',
  }),
  updateProfile: route<{ body: ProfilePatch; response: ProfilePatch }>()({
    method: 'patch',
    path: '/api/profile',
  }),
  updateSettings: route<{ body: SettingsPatch; response: Settings }>()({
    method: 'patch',
    path: '/api/settings',
  }),
  accountSize: route<{ response: AccountSize }>()({
    method: 'get',
    path: '/api/account/size',
  }),

  // ---------------------------------------------------------------- habits
  listHabits: route<{
    query: CompletionsQuery | undefined;
    response: (Habit | HabitWithCompletions)[];
  }>()({
    method: 'get',
    path: '/api/habits',
  }),
  createHabit: route<{ body: HabitCreate; response: Habit }>()({
    method: 'post',
    path: '/api/habits',
    status: 201,
  }),
  updateHabit: route<{ body: HabitUpdate; response: Habit }>()({
    method: 'patch',
    path: '/api/habits/:id',
  }),
  deleteHabit: route<{ response: HabitDeleteResult }>()({
    method: 'delete',
    path: '/api/habits/:id',
  }),
  setCompletion: route<{ body: SetCompletion; response: SetCompletionResult }>()({
    method: 'put',
    path: '/api/habits/:id/completions/:date',
  }),
  listCompletions: route<{ query: CompletionsQuery; response: Completion[] }>()({
    method: 'get',
    path: '/api/completions',
  }),
  listCompletionColumns: route<{ query: CompletionsQuery; response: CompletionColumns }>()({
    method: 'get',
    path: '/api/completions/columns',
  }),

  // ---------------------------------------------------------------- rest days
  setSkip: route<{ body: SetSkip; response: SetSkipResult }>()({
    method: 'put',
    path: '/api/habits/:id/skips/:date',
  }),
  listSkips: route<{ query: CompletionsQuery; response: Skip[] }>()({
    method: 'get',
    path: '/api/skips',
  }),
  listRestHistory: route<{ response: RestHistory }>()({
    method: 'get',
    path: '/api/rest/history',
  }),
  pauseHabit: route<{ body: PauseRequest; response: Habit }>()({
    method: 'put',
    path: '/api/habits/:id/pause',
  }),
  resumeHabit: route<{ response: Habit }>()({
    method: 'delete',
    path: '/api/habits/:id/pause',
  }),
  setVacation: route<{ body: Vacation; response: VacationState }>()({
    method: 'put',
    path: '/api/vacation',
  }),
  endVacation: route<{ response: VacationState }>()({
    method: 'delete',
    path: '/api/vacation',
  }),

  // ---------------------------------------------------------------- categories
  listCategories: route<{ response: Category[] }>()({
    method: 'get',
    path: '/api/categories',
  }),
  createCategory: route<{ body: CategoryCreate; response: Category }>()({
    method: 'post',
    path: '/api/categories',
    status: 201,
  }),
  updateCategory: route<{ body: CategoryUpdate; response: Category }>()({
    method: 'patch',
    path: '/api/categories/:id',
  }),
  deleteCategory: route<{ response: CategoryDeleteResult }>()({
    method: 'delete',
    path: '/api/categories/:id',
  }),

  // ---------------------------------------------------------------- rewards
  listRewards: route<{ response: Reward[] }>()({
    method: 'get',
    path: '/api/rewards',
  }),
  createReward: route<{ body: RewardCreate; response: Reward }>()({
    method: 'post',
    path: '/api/rewards',
    status: 201,
  }),
  updateReward: route<{ body: RewardUpdate; response: Reward }>()({
    method: 'patch',
    path: '/api/rewards/:id',
  }),
  deleteReward: route<{ response: RewardDeleteResult }>()({
    method: 'delete',
    path: '/api/rewards/:id',
  }),
  redeemReward: route<{ response: RedeemResult }>()({
    method: 'post',
    path: '/api/rewards/:id/redeem',
  }),
  listPurchases: route<{ response: Purchase[] }>()({
    method: 'get',
    path: '/api/purchases',
  }),

  // ---------------------------------------------------------------- achievements
  listAchievements: route<{ response: AchievementList }>()({
    method: 'get',
    path: '/api/achievements',
  }),

  // ---------------------------------------------------------------- reminders
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

  // ---------------------------------------------------------------- backup
  exportData: route()({
    method: 'get',
    path: '/api/export',
    produces: 'file',
  }),
  importData: route<{ body: ImportRequest; response: ImportResult }>()({
    method: 'post',
    path: '/api/import',
  }),
  resetData: route<{ body: ResetRequest; response: ResetResult }>()({
    method: 'post',
    path: '/api/reset',
  }),

  // ---------------------------------------------------------------- live updates
  events: route()({
    method: 'get',
    path: '/api/events',
    produces: 'text/event-stream',
  }),

  // ---------------------------------------------------------------- Pro
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

export type Routes = typeof routes;

/** Better Auth's routes: public (they sign people in), each with its own checks. */
const BETTER_AUTH_PREFIX = '/api/auth/';
export type RouteName = keyof Routes;

/** Every route with its name, in the table's order. */
export const ROUTE_LIST: readonly (Route & {
  name: RouteName;
  access: Access;
  /** Better Auth answers everything under /api/auth (the server wraps some of it). */
  isBetterAuth: boolean;
})[] = /* @__PURE__ */ Object.entries(routes).map(([name, definition]) => {
  const isBetterAuth = definition.path.startsWith(BETTER_AUTH_PREFIX);
  return {
    access: isBetterAuth ? 'public' : 'session',
    ...definition,
    name: name as RouteName,
    isBetterAuth,
  };
});

/** A Better Auth route's path below /api/auth, where the server mounts its guards of them. */
export function authSubpath(route: Route): string {
  if (!route.path.startsWith(BETTER_AUTH_PREFIX))
    throw new Error(`${route.path} is not under /api/auth`);
  return route.path.slice(BETTER_AUTH_PREFIX.length - 1);
}

/** The path with its parameters filled in, each encoded: `/api/habits/7b…/completions/2026-11-23`. */
export function pathWith(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
