/**
 * Vacation mode in the outbox (docs/offline.md), like a settings change: PUT /api/vacation with the
 * range, or DELETE to end it. The payload is the vacation as it should show (null: none), applied
 * at once and again to every GET /api/me fetched while it waits.
 */
import { routes } from '@habitquest/contracts/routes';
import type { OutboxEntry } from '../../lib/outbox';

import { VACATION_ENTRY, type VacationPayload } from './vacation-payload';

export function vacationEntry(id: string, payload: VacationPayload, now: number): OutboxEntry {
  const { vacation } = payload;
  return {
    id,
    type: VACATION_ENTRY,
    payload,
    timestamp: now,
    retries: 0,
    ...(vacation
      ? {
          method: 'PUT',
          path: routes.setVacation.path,
          body: { startsOn: vacation.startsOn, endsOn: vacation.endsOn },
        }
      : { method: 'DELETE', path: routes.endVacation.path, body: undefined }),
  };
}
