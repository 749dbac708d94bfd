import type { Me } from '@habitquest/contracts/me';
import type { Settings, SettingsPatch } from '@habitquest/contracts/settings';
import { mergeSettings } from '@habitquest/contracts/settings-merge';
import { patch, useOptimisticMutation } from '../../lib/optimistic';
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
    // Its optimistic change goes into GET /api/me only: cleaning the cache spares that while it
    // is pending, and nothing else on its account (storage-usage.ts).
    mutationKey: meQuery.queryKey,
    store: async (change: SettingsPatch) => {
      const id = randomId();
      keys.set(change, id);
      await queueChange(settingsEntry(id, change));
    },
    mutationFn: (change: SettingsPatch) => sendQueued<Settings>(keys.get(change) ?? ''),
    patches: (change) => [
      patch<Me>(meQuery.queryKey, (me) =>
        me ? { ...me, settings: mergeSettings(me.settings, change) } : me,
      ),
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
