/**
 * The level-up celebration (docs/product.md: a banner shows when the level rises, for 4 s): a tiny module
 * store, so the completion mutation can raise it and the dashboard shows it.
 */
import { useSyncExternalStore } from 'react';
import { createListeners } from '../../lib/listeners';

export const LEVEL_UP_MS = 4000;

let level: number | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = createListeners();

function emit(next: number | null): void {
  level = next;
  listeners.emit();
}

/** Shows the banner for `newLevel` for 4 s (a second level-up restarts the time). */
export function celebrateLevelUp(newLevel: number): void {
  clearTimeout(timer);
  emit(newLevel);
  timer = setTimeout(() => {
    emit(null);
  }, LEVEL_UP_MS);
}

export function dismissLevelUp(): void {
  clearTimeout(timer);
  emit(null);
}

const subscribe = listeners.subscribe;

/** The level being celebrated, or null. */
export function useLevelUp(): number | null {
  return useSyncExternalStore(subscribe, () => level);
}
