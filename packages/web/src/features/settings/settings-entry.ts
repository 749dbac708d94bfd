/**
 * The outbox entry of a settings change (docs/offline.md): PATCH /api/settings with the patch,
 * which is also its payload, so a settings list fetched while it waits gets it applied again.
 */
import { pathWith, routes } from '@habitquest/contracts/routes';
import type { SettingsPatch } from '@habitquest/contracts/settings';
import type { OutboxEntry } from '../../lib/outbox';

export const SETTINGS_ENTRY = 'settings';

export function settingsEntry(id: string, change: SettingsPatch): OutboxEntry {
  return {
    id,
    type: SETTINGS_ENTRY,
    payload: change,
    timestamp: Date.now(),
    retries: 0,
    method: 'PATCH',
    path: pathWith(routes.updateSettings.path, {}),
    body: change,
  };
}
