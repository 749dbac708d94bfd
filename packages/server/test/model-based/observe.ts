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
import {
  expectedPlan,
  expectedProgress,
  streaksOf,
  type MReward,
  type MUser,
  type Outcome,
} from './model';
import { categoryByName } from './model-categories';
import { expectedPause, expectedVacation } from './model-rest';
import { shopOrder } from './model-rewards';

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

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

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

function rewardView(reward: MReward) {
  return { id: reward.id, name: reward.name, cost: reward.cost, keepInShop: reward.keepInShop };
}

/**
 * After every command: the habit list, /api/me, the completions, categories, shop, inventory and
 * export all agree with the model, and the ledger's sums equal the cached progress.
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
  const lastCompletedAt = model.now.toISOString();

  agree(
    habits.body
      .map((h) => ({
        id: h.id,
        title: h.title,
        frequency: h.frequency,
        categoryId: h.categoryId,
        category: h.category,
        xpOnComplete: h.xpOnComplete,
        isRecurring: h.isRecurring,
        specificDate: h.specificDate,
        streak: h.streak,
        bestStreak: h.bestStreak,
        lastCompletedAt: h.lastCompletedAt,
        pause: h.pause,
      }))
      .sort(byKey((h) => String(h.id))),
    model.habits
      .map((h) => {
        const streaks = streaksOf(model, h);
        return {
          id: h.id,
          title: h.title,
          frequency: h.frequency,
          categoryId: categoryByName(model, h.category)?.id ?? null,
          category: h.category,
          xpOnComplete: h.xp,
          isRecurring: h.isRecurring,
          specificDate: h.specificDate,
          streak: streaks.current,
          bestStreak: streaks.best,
          lastCompletedAt: h.completions.length > 0 ? lastCompletedAt : null,
          pause: expectedPause(model, h),
        };
      })
      .sort(byKey((h) => h.id)),
    label('GET /api/habits'),
  );

  const meBody = me.body as { progress: unknown; plan: unknown; vacation: unknown };
  agree(
    { progress: meBody.progress, plan: meBody.plan, vacation: meBody.vacation },
    {
      progress: expectedProgress(model),
      plan: expectedPlan(model),
      vacation: expectedVacation(model),
    },
    label('GET /api/me'),
  );

  const skipKey = (skip: Record<string, unknown>) => `${String(skip.habitId)} ${String(skip.date)}`;
  agree(
    [...skips.body].sort(byKey(skipKey)),
    model.habits
      .flatMap((h) =>
        h.skips
          .filter((date) => date >= window.from && date <= window.to)
          .map((date) => ({ habitId: h.id, date })),
      )
      .sort(byKey(skipKey)),
    label('GET /api/skips'),
  );

  const completionKey = (c: { habitId: unknown; completionDate: unknown }) =>
    `${String(c.habitId)} ${String(c.completionDate)}`;
  agree(
    completions.body
      .map((c) => ({
        habitId: c.habitId,
        completionDate: c.completionDate,
        periodKey: c.periodKey,
        xpEarned: c.xpEarned,
        pointsEarned: c.pointsEarned,
      }))
      .sort(byKey(completionKey)),
    model.habits
      .flatMap((h) =>
        h.completions
          .filter((c) => c.date >= window.from && c.date <= window.to)
          .map((c) => ({
            habitId: h.id,
            completionDate: c.date,
            periodKey: c.key,
            xpEarned: c.xp,
            pointsEarned: c.points,
          })),
      )
      .sort(byKey(completionKey)),
    label('GET /api/completions'),
  );

  agree(
    categories.body
      .map((c) => ({
        id: c.id,
        name: c.name,
        color: c.color,
        monthlyTargetXp: c.monthlyTargetXp,
        isFallback: c.isFallback,
      }))
      .sort(byKey((c) => String(c.name))),
    model.categories
      .map((c) => ({
        id: c.id,
        name: c.name,
        color: c.color,
        monthlyTargetXp: c.target,
        isFallback: c.isFallback,
      }))
      .sort(byKey((c) => c.name)),
    label('GET /api/categories'),
  );

  agree(
    rewards.body
      .map((r) => ({ id: r.id, name: r.name, cost: r.cost, keepInShop: r.keepInShop }))
      .sort(byKey((r) => String(r.id))),
    model.rewards.map(rewardView).sort(byKey((r) => String(r.id))),
    label('GET /api/rewards'),
  );

  const inShop = new Set(model.rewards.map((reward) => reward.id));
  agree(
    purchases.body.map((p) => ({
      id: p.id,
      rewardId: p.rewardId,
      rewardName: p.rewardName,
      rewardCost: p.rewardCost,
      purchasedAt: p.purchasedAt,
    })),
    [...model.purchases]
      .sort((a, b) => b.purchasedAt - a.purchasedAt || (a.id < b.id ? 1 : -1))
      .map((p) => ({
        id: p.id,
        rewardId: p.link !== null && inShop.has(p.link) ? p.link : null,
        rewardName: p.name,
        rewardCost: p.cost,
        purchasedAt: new Date(p.purchasedAt).toISOString(),
      })),
    label('GET /api/purchases (newest first)'),
  );

  agree(exportView(exported.body.data), modelExportView(model), label('GET /api/export'));

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

type ExportData = {
  habits: Json[];
  categories: Json[];
  shop: Json[];
  inventory: Json[];
  points: number;
  totalXP: number;
};

function exportView(raw: Json) {
  const data = raw as ExportData;
  return {
    habits: data.habits
      .map((h) => ({
        id: h.id,
        name: h.name,
        frequency: h.frequency,
        category: h.category,
        xpOnComplete: h.xpOnComplete,
        isRecurring: h.isRecurring,
        specificDate: h.specificDate,
        completions: (h.completions as Json[])
          .map((c) => ({
            completionDate: c.completionDate,
            periodKey: c.periodKey,
            xpEarned: c.xpEarned,
            pointsEarned: c.pointsEarned,
          }))
          .sort(byKey((c) => String(c.completionDate))),
      }))
      .sort(byKey((h) => String(h.id))),
    categories: data.categories
      .map((c) => ({
        name: c.name,
        color: c.color,
        monthlyTargetXp: c.monthlyTargetXp,
        isFallback: c.isFallback,
      }))
      .sort(byKey((c) => String(c.name))),
    shop: data.shop.map((r) => ({
      id: r.id,
      name: r.name,
      cost: r.cost,
      keepInShop: r.keepInShop,
    })),
    inventory: data.inventory.map((i) => ({
      id: i.id,
      name: i.name,
      cost: i.cost,
      redeemedAt: i.redeemedAt,
    })),
    points: data.points,
    totalXP: data.totalXP,
  };
}

function modelExportView(model: MUser) {
  return {
    habits: model.habits
      .map((h) => ({
        id: h.id,
        name: h.title,
        frequency: h.frequency,
        category: h.category,
        xpOnComplete: h.xp,
        isRecurring: h.isRecurring,
        specificDate: h.specificDate,
        completions: h.completions
          .map((c) => ({
            completionDate: c.date,
            periodKey: c.key,
            xpEarned: c.xp,
            pointsEarned: c.points,
          }))
          .sort(byKey((c) => c.completionDate)),
      }))
      .sort(byKey((h) => h.id)),
    categories: model.categories
      .map((c) => ({
        name: c.name,
        color: c.color,
        monthlyTargetXp: c.target,
        isFallback: c.isFallback,
      }))
      .sort(byKey((c) => c.name)),
    // The file lists the shop in its own order (cost, name, id) and the inventory oldest first.
    shop: shopOrder(model.rewards).map(rewardView),
    inventory: [...model.purchases]
      .sort((a, b) => a.purchasedAt - b.purchasedAt || (a.id < b.id ? -1 : 1))
      .map((p) => ({
        id: p.id,
        name: p.name,
        cost: p.cost,
        redeemedAt: new Date(p.purchasedAt).toISOString(),
      })),
    points: model.points,
    totalXP: Math.max(0, model.xp),
  };
}
