/**
 * The payload of a queued vacation change (vacation-entry.ts makes the entry): what keep-pending
 * reads back to show it while it waits. Apart from the entry, which loads with the panel.
 */
import type { Vacation } from '@habitquest/contracts/rest';
import { isLocalDate } from '@habitquest/core/dates';
import type { QueueEntry } from '@habitquest/core/offline-queue';

export const VACATION_ENTRY = 'vacation';

export type VacationPayload = { vacation: Vacation | null };

/** The vacation a stored entry shows (null: none), or undefined for any other entry. */
export function vacationPayloadOf(entry: QueueEntry): VacationPayload | undefined {
  if (entry.type !== VACATION_ENTRY) return undefined;
  const vacation = (entry.payload as Partial<VacationPayload> | null)?.vacation;
  if (vacation === null) return { vacation };
  return isLocalDate(vacation?.startsOn) && isLocalDate(vacation.endsOn) ? { vacation } : undefined;
}
