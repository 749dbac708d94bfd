/**
 * What a queued create, edit or delete does to a cached list (docs/offline.md). The change is
 * written into its outbox entry when the user acts, so the same description serves twice: it is
 * the optimistic change shown at once, and it is applied again to every list fetched while the
 * entry waits (keep-pending.ts), because the server's list does not have it yet.
 */
import type { Category } from '@habitquest/contracts/categories';
import type { Habit } from '@habitquest/contracts/habits';
import type { Reward } from '@habitquest/contracts/rewards';
import { compareCategories } from '@habitquest/core/categories';
import { compareText } from '@habitquest/core/compare';
import { compareRewards } from '@habitquest/core/rewards';
import type { QueueEntry } from '@habitquest/core/offline-queue';
import type { CompletionsChange } from './completion-changes';

/** The cached lists a queued change may touch; each is the query under that one-word key. */
export type ListItems = { habits: Habit; rewards: Reward; categories: Category };
export type ListName = keyof ListItems;
const LIST_NAMES: readonly ListName[] = ['habits', 'rewards', 'categories'];

export type ListChange =
  /** A new row, or the server's version of one already there (same id). */
  | { list: ListName; op: 'put'; item: { id: string } }
  /** Some fields of a row, as they should show. */
  | { list: ListName; op: 'merge'; id: string; fields: Record<string, unknown> }
  | { list: ListName; op: 'remove'; id: string };

/**
 * The payload of an outbox entry made by a queued create, edit or delete; an edit of a habit's
 * frequency also regroups its cached completions (completion-changes.ts).
 */
export type ListChangesPayload = { changes: ListChange[]; completions?: CompletionsChange[] };

/** Each list in the order the server sends it, so a row made offline sits where it will stay. */
const ORDER: { [L in ListName]: (a: ListItems[L], b: ListItems[L]) => number } = {
  habits: (a, b) => compareText(b.createdAt, a.createdAt) || compareText(b.id, a.id),
  rewards: compareRewards,
  categories: compareCategories,
};

/** The list with the change made; `list` is the one `change.list` names. */
export function applyListChange<T extends { id: string }>(
  list: readonly T[],
  change: ListChange,
): T[] {
  const order = ORDER[change.list] as unknown as (a: T, b: T) => number;
  switch (change.op) {
    case 'put': {
      const item = change.item as T;
      return [...list.filter((row) => row.id !== item.id), item].sort(order);
    }
    case 'merge':
      return list
        .map((row) => (row.id === change.id ? { ...row, ...change.fields } : row))
        .sort(order);
    case 'remove':
      return list.filter((row) => row.id !== change.id);
  }
}

/** The list changes an outbox entry carries, or none (a completion, a setting, a bad shape). */
export function listChangesOf(entry: QueueEntry): ListChange[] {
  const payload = entry.payload as Partial<ListChangesPayload> | null;
  if (typeof payload !== 'object' || payload === null || !Array.isArray(payload.changes)) return [];
  return payload.changes.filter(isListChange);
}

function isListChange(value: unknown): value is ListChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  if (!LIST_NAMES.includes(change.list as ListName)) return false;
  switch (change.op) {
    case 'put':
      return typeof change.item === 'object' && change.item !== null && 'id' in change.item;
    case 'merge':
      return typeof change.id === 'string' && typeof change.fields === 'object';
    case 'remove':
      return typeof change.id === 'string';
    default:
      return false;
  }
}

export function isListName(value: unknown): value is ListName {
  return LIST_NAMES.includes(value as ListName);
}
