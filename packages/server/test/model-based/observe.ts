/**
 * The real side of the model-based API test: one signed-in user on a test server, HTTP calls
 * that never accept a 5xx, and the comparison of everything the API shows with the model.
 * Test support only (see model.ts).
 */
import { deepStrictEqual } from 'node:assert/strict';
import { addDays } from '@habitquest/core/dates';
import { eq } from 'drizzle-orm';
import { progress } from '../../src/db/schema';
import { ledgerSums } from '../../src/progress/ledger';
import type { ApiResponse, TestClient, TestServer } from '../harness';
import type { MUser, Outcome } from './model';
import {
  categoryViews,
  completionViews,
  exportViews,
  habitViews,
  meViews,
  purchaseViews,
  rewardViews,
  skipViews,
  type Views,
} from './observe-views';

export type Real = { server: TestServer; client: TestClient; userId: string };
type Json = Record<string, unknown>;

/** Every completion the model can hold lies in this window (400 days, the API's widest). */
export function completionsWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -396), to: addDays(today, 3) };
}

/** Sends a request; a 5xx is a failure whatever the model expected. */
export async function call<T = Json>(
  real: Real,
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<ApiResponse<T>> {
  const response = await real.client.request<T>(method, url, body, headers);
  if (response.status >= 500) {
    throw new Error(
      `${method} ${url} answered ${response.status}: ${JSON.stringify(response.body)}`,
    );
  }
  return response;
}

/** How often each request met each outcome: printed with HQ_MODEL_STATS=1, to see what ran. */
export const outcomeCounts = new Map<string, number>();

/** The answer's status (and error code, for a refusal) must be the model's. */
export function expectOutcome(response: ApiResponse<unknown>, expected: Outcome, what: string) {
  const seen = `${what.replace(/\/\d{4}-\d{2}-\d{2}$/, '/:date')} → ${expected.status}${expected.code ? ` ${expected.code}` : ''}`;
  outcomeCounts.set(seen, (outcomeCounts.get(seen) ?? 0) + 1);
  const error = (response.body as { error?: { code?: string } } | null)?.error;
  const actual = {
    status: response.status,
    code: expected.code === undefined ? undefined : error?.code,
  };
  agree(actual, { status: expected.status, code: expected.code }, `${what}: status`, response.body);
}

/** deepStrictEqual with a label and, on failure, the server's whole answer. */
export function agree(actual: unknown, expected: unknown, label: string, body?: unknown): void {
  try {
    deepStrictEqual(actual, expected);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const extra = body === undefined ? '' : `\nserver answered: ${JSON.stringify(body)}`;
    throw new Error(`${label} disagrees with the model\n${message}${extra}`, { cause: error });
  }
}

/**
 * Fills in the ids the model could not know: categories the server made (by name, unique per
 * user) and rewards an import had to give a fresh id (by content; equal ones are alike).
 */
export async function learnIds(model: MUser, real: Real): Promise<void> {
  if (model.categories.some((category) => category.id === null)) {
    const listed = await call<Json[]>(real, 'GET', '/api/categories');
    for (const category of model.categories) {
      if (category.id !== null) continue;
      const found = listed.body.find((row) => row.name === category.name);
      if (typeof found?.id === 'string') category.id = found.id;
    }
  }
  if (model.rewards.some((reward) => reward.id === null)) {
    const listed = await call<Json[]>(real, 'GET', '/api/rewards');
    const known = new Set(model.rewards.map((reward) => reward.id));
    for (const reward of model.rewards) {
      if (reward.id !== null) continue;
      const found = listed.body.find(
        (row) =>
          typeof row.id === 'string' &&
          !known.has(row.id) &&
          row.name === reward.name &&
          row.cost === reward.cost &&
          row.keepInShop === reward.keepInShop,
      );
      if (typeof found?.id === 'string') {
        reward.id = found.id;
        known.add(found.id);
      }
    }
  }
}

/**
 * After every command: the habit list, /api/me, the completions, skips, categories, shop,
 * inventory and export all agree with the model (observe-views.ts), and the ledger's sums equal
 * the cached progress.
 */
export async function expectAgreement(model: MUser, real: Real, after: string): Promise<void> {
  const window = completionsWindow(model.today);
  const [habits, me, completions, categories, rewards, purchases, exported, skips] =
    await Promise.all([
      call<Json[]>(real, 'GET', '/api/habits'),
      call(real, 'GET', '/api/me'),
      call<Json[]>(real, 'GET', `/api/completions?from=${window.from}&to=${window.to}`),
      call<Json[]>(real, 'GET', '/api/categories'),
      call<Json[]>(real, 'GET', '/api/rewards'),
      call<Json[]>(real, 'GET', '/api/purchases'),
      call<{ data: Json }>(real, 'GET', '/api/export'),
      call<Json[]>(real, 'GET', `/api/skips?from=${window.from}&to=${window.to}`),
    ]);
  const label = (what: string) => `${what} after ${after}`;
  for (const [what, response] of Object.entries({
    habits,
    me,
    completions,
    categories,
    rewards,
    purchases,
    exported,
    skips,
  })) {
    agree(response.status, 200, label(`GET ${what} status`), response.body);
  }
  const checks: [string, Views][] = [
    ['GET /api/habits', habitViews(habits.body, model)],
    ['GET /api/me', meViews(me.body, model)],
    ['GET /api/skips', skipViews(skips.body, model, window)],
    ['GET /api/completions', completionViews(completions.body, model, window)],
    ['GET /api/categories', categoryViews(categories.body, model)],
    ['GET /api/rewards', rewardViews(rewards.body, model)],
    ['GET /api/purchases (newest first)', purchaseViews(purchases.body, model)],
    ['GET /api/export', exportViews(exported.body.data, model)],
  ];
  for (const [what, { actual, expected }] of checks) agree(actual, expected, label(what));

  const db = real.server.database.db;
  const [cached] = await db
    .select({ xp: progress.xp, points: progress.points })
    .from(progress)
    .where(eq(progress.userId, real.userId));
  const sums = await db.transaction((tx) => ledgerSums(tx, real.userId));
  agree(
    { cached, ledger: sums },
    {
      cached: { xp: model.xp, points: model.points },
      ledger: { xp: model.xp, points: model.points },
    },
    label('the ledger and the cached progress'),
  );
}
