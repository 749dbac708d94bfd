/**
 * The model-based API test's commands on categories (the goals) and on rewards, redeems included.
 * Test support only.
 */
import fc from 'fast-check';
import { expectedProgress } from './model';
import {
  applyCreateCategory,
  createCategory,
  deleteCategory,
  sortedCategories,
  updateCategory,
} from './model-categories';
import { createReward, deleteReward, redeemReward, updateReward } from './model-rewards';
import { agree, call, expectOutcome, learnIds } from './observe';
import { command, pick, type Json } from './command';

/** Plain capitals (the same order in every collation), a duplicate, a reserved name. */
const CATEGORY_NAMES = [
  'AAA',
  'ART',
  'MUSIC',
  'WORK',
  'YOGA',
  'ZEN',
  'CAREER',
  ' music ',
  'uncategorized habits',
];

const targetArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 10_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 10_001) },
);

export const createCategoryCommand = command({
  name: 'CreateCategory',
  params: fc.record({
    /** Names are taken from the pool from this one on, so several at once reach the limit. */
    name: fc.nat(CATEGORY_NAMES.length - 1),
    count: fc.oneof(
      { weight: 2, arbitrary: fc.constant(1) },
      { weight: 1, arbitrary: fc.constant(5) },
    ),
    target: targetArb,
  }),
  run: async (model, real, p) => {
    for (let n = 0; n < p.count; n += 1) {
      const name = pick(CATEGORY_NAMES, p.name + n);
      const expected = createCategory(model, name, p.target);
      const response = await call<Json>(real, 'POST', '/api/categories', {
        name,
        monthlyTargetXp: p.target,
      });
      expectOutcome(response, expected, 'POST /api/categories');
      if (expected.status === 201) {
        applyCreateCategory(model, name, p.target, String(response.body.id));
      }
    }
  },
});

export const editCategoryCommand = command({
  name: 'EditCategory',
  params: fc.record({
    category: fc.nat(20),
    target: fc.option(targetArb, { nil: undefined }),
    name: fc.option(fc.constantFrom(...CATEGORY_NAMES), { nil: undefined, freq: 3 }),
  }),
  run: async (model, real, p) => {
    const category = pick(sortedCategories(model), p.category);
    const body: Json = {};
    if (p.target !== undefined) body.monthlyTargetXp = p.target;
    if (p.name !== undefined) body.name = p.name;
    if (Object.keys(body).length === 0) body.monthlyTargetXp = category.target;
    const patch = {
      ...(body.monthlyTargetXp !== undefined ? { target: body.monthlyTargetXp as number } : {}),
      ...(p.name !== undefined ? { name: p.name } : {}),
    };
    const expected = updateCategory(model, category, patch);
    const response = await call(real, 'PATCH', `/api/categories/${String(category.id)}`, body);
    expectOutcome(response, expected, 'PATCH /api/categories/:id');
  },
});

export const deleteCategoryCommand = command({
  name: 'DeleteCategory',
  params: fc.record({ category: fc.nat(20) }),
  run: async (model, real, p) => {
    const category = pick(sortedCategories(model), p.category);
    const expected = deleteCategory(model, category);
    const response = await call<Json>(real, 'DELETE', `/api/categories/${String(category.id)}`);
    expectOutcome(response, expected, 'DELETE /api/categories/:id');
    if (expected.status === 200) {
      agree(response.body.movedHabits, expected.moved, 'DELETE /api/categories/:id movedHabits');
    }
    await learnIds(model, real);
  },
});

const REWARD_NAMES = ['Coffee', 'Movie', 'Book', 'Nap'];

const costArb = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 1, max: 60 }) },
  { weight: 1, arbitrary: fc.constant(0) },
);

export const createRewardCommand = command({
  name: 'CreateReward',
  params: fc.record({
    count: fc.oneof(
      { weight: 5, arbitrary: fc.constant(1) },
      { weight: 1, arbitrary: fc.constant(7) },
    ),
    name: fc.constantFrom(...REWARD_NAMES),
    cost: costArb,
    keepInShop: fc.boolean(),
  }),
  run: async (model, real, p) => {
    for (let n = 0; n < p.count; n += 1) {
      const expected = createReward(model, p);
      const response = await call<Json>(real, 'POST', '/api/rewards', {
        name: p.name,
        cost: p.cost,
        keepInShop: p.keepInShop,
      });
      expectOutcome(response, expected, 'POST /api/rewards');
      if (expected.status === 201) {
        model.rewards.push({
          id: String(response.body.id),
          name: p.name,
          cost: p.cost,
          keepInShop: p.keepInShop,
        });
      }
    }
  },
});

export const editRewardCommand = command({
  name: 'EditReward',
  params: fc.record({
    reward: fc.nat(20),
    name: fc.option(fc.constantFrom(...REWARD_NAMES), { nil: undefined }),
    cost: fc.option(costArb, { nil: undefined }),
    keepInShop: fc.option(fc.boolean(), { nil: undefined }),
  }),
  applies: (model) => model.rewards.length > 0,
  run: async (model, real, p) => {
    const reward = pick(model.rewards, p.reward);
    const patch = {
      ...(p.name !== undefined ? { name: p.name } : {}),
      ...(p.cost !== undefined ? { cost: p.cost } : {}),
      ...(p.keepInShop !== undefined ? { keepInShop: p.keepInShop } : {}),
    };
    if (Object.keys(patch).length === 0) patch.name = reward.name;
    const expected = updateReward(reward, patch);
    const response = await call(real, 'PATCH', `/api/rewards/${String(reward.id)}`, patch);
    expectOutcome(response, expected, 'PATCH /api/rewards/:id');
  },
});

export const deleteRewardCommand = command({
  name: 'DeleteReward',
  params: fc.record({ reward: fc.nat(20) }),
  applies: (model) => model.rewards.length > 0,
  run: async (model, real, p) => {
    const reward = pick(model.rewards, p.reward);
    const expected = deleteReward(model, reward);
    const response = await call(real, 'DELETE', `/api/rewards/${String(reward.id)}`);
    expectOutcome(response, expected, 'DELETE /api/rewards/:id');
  },
});

export const redeemRewardCommand = command({
  name: 'RedeemReward',
  /** `cheapest`: the cheapest reward, so that redeems that can succeed are common. */
  params: fc.record({ reward: fc.oneof(fc.nat(20), fc.constant('cheapest' as const)) }),
  applies: (model) => model.rewards.length > 0,
  run: async (model, real, p) => {
    const reward =
      p.reward === 'cheapest'
        ? pick(
            [...model.rewards].sort((a, b) => a.cost - b.cost),
            0,
          )
        : pick(model.rewards, p.reward);
    const expected = redeemReward(model, reward);
    const response = await call<Json>(real, 'POST', `/api/rewards/${String(reward.id)}/redeem`);
    expectOutcome(response, expected, 'POST /api/rewards/:id/redeem');
    if (expected.purchase) {
      const purchase = response.body.purchase as Json;
      expected.purchase.id = String(purchase.id);
      model.purchases.push(expected.purchase);
      agree(response.body.progress, expectedProgress(model), 'the redeem answer progress');
    }
  },
});
