/**
 * Whether the Upgrade-to-Pro modal is open, and why. A tiny module store rather than React state,
 * because the header, the analytics overlay, every LIMIT_REACHED and the checkout itself (which
 * closes the modal and reopens it on failure) all drive the same modal from different places.
 */
import { LIMITED_RESOURCES, type LimitedResource } from '@habitquest/core/plan';
import { useSyncExternalStore } from 'react';
import { createListeners } from '../../lib/listeners';

export type UpgradeTrigger = LimitedResource;

export type UpgradeRequest = {
  trigger: UpgradeTrigger;
  /** The server's limit message, when a LIMIT_REACHED opened the modal. */
  message?: string;
  /** Why the last checkout failed, in words. */
  error?: string;
};

let current: UpgradeRequest | null = null;
const listeners = createListeners();

function emit(next: UpgradeRequest | null): void {
  current = next;
  listeners.emit();
}

/** Opens (or re-opens, e.g. with a checkout error) the upgrade modal. */
export function openUpgrade(request: UpgradeRequest): void {
  emit(request);
}

/** Closes the upgrade modal. */
export function closeUpgrade(): void {
  emit(null);
}

/** The open request, or null; outside React (useUpgradeRequest is the React way). */
export function getUpgradeRequest(): UpgradeRequest | null {
  return current;
}

/** Calls `listener` after every open or close; returns the unsubscribe. */
export const subscribeToUpgrade = listeners.subscribe;

/** The open request, or null while the modal is closed. */
export function useUpgradeRequest(): UpgradeRequest | null {
  return useSyncExternalStore(subscribeToUpgrade, getUpgradeRequest);
}

/** The trigger for a LIMIT_REACHED resource name; anything unknown counts as habits. */
export function triggerOf(resource: string): UpgradeTrigger {
  return LIMITED_RESOURCES.find((name) => name === resource) ?? 'habits';
}
