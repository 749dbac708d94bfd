/**
 * The model's categories (model.ts): the rules the server keeps for creating, renaming and
 * deleting them, and the fallback category a habit lands in when its own goes.
 */
import { FALLBACK_CATEGORY } from '@habitquest/core/categories';
import {
  atLimit,
  conflict,
  limitReached,
  OK,
  validation,
  type MCategory,
  type MData,
  type MUser,
  type Outcome,
} from './model';

export function categoryByName(data: MData, name: string): MCategory | undefined {
  return data.categories.find((category) => category.name === name);
}

/** Sorted by name, as the index of a command picks them. */
export function sortedCategories(data: MData): MCategory[] {
  return [...data.categories].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The category a habit without one goes into: the first by name, else the fallback. */
export function defaultCategory(data: MData): string {
  const first = sortedCategories(data).find((category) => !category.isFallback);
  return first?.name ?? ensureFallback(data).name;
}

/** The fallback category, made when first needed (as the server makes it). */
function ensureFallback(data: MData): MCategory {
  const existing = data.categories.find((category) => category.isFallback);
  if (existing) return existing;
  const created: MCategory = {
    id: null,
    name: FALLBACK_CATEGORY.name,
    color: FALLBACK_CATEGORY.color,
    target: FALLBACK_CATEGORY.monthlyTargetXp,
    isFallback: true,
  };
  data.categories.push(created);
  return created;
}

export function normalizeName(name: string): string {
  return name.trim().toUpperCase();
}

export function createCategory(user: MUser, name: string, target: number): Outcome {
  if (target < 1 || target > 10_000 || name.trim() === '') return validation;
  if (atLimit(user, 'categories')) return limitReached;
  const normalized = normalizeName(name);
  if (normalized === FALLBACK_CATEGORY.name || categoryByName(user, normalized)) return conflict;
  return { status: 201 };
}

export function applyCreateCategory(user: MUser, name: string, target: number, id: string) {
  user.categories.push({
    id,
    name: normalizeName(name),
    color: '#6366f1',
    target,
    isFallback: false,
  });
}

export function updateCategory(
  user: MUser,
  category: MCategory,
  patch: { name?: string; target?: number },
): Outcome {
  if (patch.target !== undefined && (patch.target < 0 || patch.target > 10_000)) return validation;
  const name = patch.name === undefined ? undefined : normalizeName(patch.name);
  const isRename = name !== undefined && name !== category.name;
  if (isRename && category.isFallback) return conflict;
  if (isRename && (name === FALLBACK_CATEGORY.name || categoryByName(user, name))) return conflict;
  if (isRename) {
    for (const habit of user.habits) if (habit.category === category.name) habit.category = name;
    category.name = name;
  }
  if (patch.target !== undefined) category.target = patch.target;
  return OK;
}

export function deleteCategory(user: MUser, category: MCategory): Outcome & { moved?: number } {
  if (category.isFallback) return conflict;
  user.categories = user.categories.filter((c) => c !== category);
  const fallback = ensureFallback(user);
  let moved = 0;
  for (const habit of user.habits) {
    if (habit.category !== category.name) continue;
    habit.category = fallback.name;
    moved += 1;
  }
  return { ...OK, moved };
}
