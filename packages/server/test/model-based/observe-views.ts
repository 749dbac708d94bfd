/**
 * What the model-based API test compares after every command (observe.ts, expectAgreement): for
 * each read, the fields of the server's answer and the same fields worked out from the model, in
 * one order. Test support only (see model.ts).
 */
import { expectedPlan, expectedProgress, streaksOf, type MReward, type MUser } from './model';
import { categoryByName } from './model-categories';
import { expectedPause, expectedVacation } from './model-rest';
import { shopOrder } from './model-rewards';

type Json = Record<string, unknown>;

/** A read as the server answered it and as the model expects it. */
export type Views = { actual: unknown; expected: unknown };

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

function rewardView(reward: MReward) {
  return { id: reward.id, name: reward.name, cost: reward.cost, keepInShop: reward.keepInShop };
}

export function habitViews(body: Json[], model: MUser): Views {
  const lastCompletedAt = model.now.toISOString();
  return {
    actual: body
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
    expected: model.habits
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
  };
}

export function meViews(body: unknown, model: MUser): Views {
  const me = body as { progress: unknown; plan: unknown; vacation: unknown };
  return {
    actual: { progress: me.progress, plan: me.plan, vacation: me.vacation },
    expected: {
      progress: expectedProgress(model),
      plan: expectedPlan(model),
      vacation: expectedVacation(model),
    },
  };
}

type Window = { from: string; to: string };

const skipKey = (skip: Record<string, unknown>) => `${String(skip.habitId)} ${String(skip.date)}`;

export function skipViews(body: Json[], model: MUser, window: Window): Views {
  return {
    actual: [...body].sort(byKey(skipKey)),
    expected: model.habits
      .flatMap((h) =>
        h.skips
          .filter((date) => date >= window.from && date <= window.to)
          .map((date) => ({ habitId: h.id, date })),
      )
      .sort(byKey(skipKey)),
  };
}

const completionKey = (c: { habitId: unknown; completionDate: unknown }) =>
  `${String(c.habitId)} ${String(c.completionDate)}`;

export function completionViews(body: Json[], model: MUser, window: Window): Views {
  return {
    actual: body
      .map((c) => ({
        habitId: c.habitId,
        completionDate: c.completionDate,
        periodKey: c.periodKey,
        xpEarned: c.xpEarned,
        pointsEarned: c.pointsEarned,
      }))
      .sort(byKey(completionKey)),
    expected: model.habits
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
  };
}

export function categoryViews(body: Json[], model: MUser): Views {
  return {
    actual: body
      .map((c) => ({
        id: c.id,
        name: c.name,
        color: c.color,
        monthlyTargetXp: c.monthlyTargetXp,
        isFallback: c.isFallback,
      }))
      .sort(byKey((c) => String(c.name))),
    expected: model.categories
      .map((c) => ({
        id: c.id,
        name: c.name,
        color: c.color,
        monthlyTargetXp: c.target,
        isFallback: c.isFallback,
      }))
      .sort(byKey((c) => c.name)),
  };
}

export function rewardViews(body: Json[], model: MUser): Views {
  return {
    actual: body
      .map((r) => ({ id: r.id, name: r.name, cost: r.cost, keepInShop: r.keepInShop }))
      .sort(byKey((r) => String(r.id))),
    expected: model.rewards.map(rewardView).sort(byKey((r) => String(r.id))),
  };
}

/** The inventory, newest first; a purchase links to its reward while that is in the shop. */
export function purchaseViews(body: Json[], model: MUser): Views {
  const inShop = new Set(model.rewards.map((reward) => reward.id));
  return {
    actual: body.map((p) => ({
      id: p.id,
      rewardId: p.rewardId,
      rewardName: p.rewardName,
      rewardCost: p.rewardCost,
      purchasedAt: p.purchasedAt,
    })),
    expected: [...model.purchases]
      .sort((a, b) => b.purchasedAt - a.purchasedAt || (a.id < b.id ? 1 : -1))
      .map((p) => ({
        id: p.id,
        rewardId: p.link !== null && inShop.has(p.link) ? p.link : null,
        rewardName: p.name,
        rewardCost: p.cost,
        purchasedAt: new Date(p.purchasedAt).toISOString(),
      })),
  };
}

export function exportViews(data: Json, model: MUser): Views {
  return { actual: exportView(data), expected: modelExportView(model) };
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
