import type { Me } from '@habitquest/contracts/me';
import type { Settings, SettingsPatch } from '@habitquest/contracts/settings';
import { mergeSettings } from '@habitquest/contracts/settings-merge';
import type { QueryClient } from '@tanstack/react-query';
import { patch, useOptimisticMutation, type Patch } from '../../lib/optimistic';
import { habitsQuery } from '../habits/queries';
import { completionsPatch, weekStartChange } from '../offline/completion-changes';
import { meQuery } from '../me/queries';
import { queueChange, sendQueued } from '../offline/send-queued';
import { settingsEntry } from './settings-entry';
import { randomId } from '../../lib/random-id';

/** The Idempotency-Key of each change, made when it is stored (the same object reaches both). */
const keys = new WeakMap<SettingsPatch, string>();

/**
 * PATCH /api/settings, optimistic: the change shows at once and rolls back if the server refuses.
 * It goes through the outbox (docs/offline.md), so a theme or a volume changed offline stays
 * changed and reaches every device when the server is back; patches replay in the order made.
 */
export function useUpdateSettings() {
  return useOptimisticMutation({
    // Its optimistic change goes into GET /api/me: cleaning the cache spares that while it is
    // pending (clean-cache.ts). A new week start also regroups the windows of completions,
    // spared as every query is while the outbox holds an entry (this one's is stored first).
    mutationKey: meQuery.queryKey,
    store: async (change: SettingsPatch) => {
      const id = randomId();
      keys.set(change, id);
      await queueChange(settingsEntry(id, change));
    },
    mutationFn: (change: SettingsPatch) => sendQueued<Settings>(keys.get(change) ?? ''),
    patches: (change, client) => [
      patch<Me>(meQuery.queryKey, (me) =>
        me ? { ...me, settings: mergeSettings(me.settings, change) } : me,
      ),
      // A new week start regroups the weekly habits' completions, as the server will.
      ...regroupedBy(change, client),
    ],
    // A new week start regroups weekly completions on the server, and a new time zone moves
    // "today": either way every figure keyed by dates is read again (the server says the same).
    // A change still queued refreshes nothing: the server does not have it yet.
    events: (change, sent) =>
      sent?.kind === 'queued'
        ? []
        : change.weekStart === undefined && change.timeZone === undefined
          ? ['settings']
          : ['settings', 'completions'],
    failure: (error) =>
      error instanceof Error && error.message
        ? error.message
        : 'Failed to save settings. Please try again.',
  });
}

/**
 * A new week start regroups the weekly habits' cached completions (offline/completion-changes.ts,
 * which makes the same change again for a window fetched while this one waits).
 */
function regroupedBy(change: SettingsPatch, client: QueryClient): Patch[] {
  if (change.weekStart === undefined) return [];
  const habits = client.getQueryData(habitsQuery.queryKey) ?? [];
  const regroup = weekStartChange(change.weekStart, habits);
  return regroup ? [completionsPatch(regroup)] : [];
}
