/**
 * A skip in the outbox (docs/offline.md): PUT /api/habits/:id/skips/:date {skipped}, a set rather
 * than a toggle, so replaying it is harmless. Its payload says what it does to the cached skips,
 * which is applied at once and again to every skips window fetched while it waits.
 */
import type { Habit } from '@habitquest/contracts/habits';
import type { Skip } from '@habitquest/contracts/rest';
import { pathWith, routes } from '@habitquest/contracts/routes';
import { isLocalDate, type LocalDate } from '@habitquest/core/dates';
import { periodRangeOf, type WeekStart } from '@habitquest/core/periods';
import type { QueueEntry } from '@habitquest/core/offline-queue';
import type { OutboxEntry } from '../../lib/outbox';

export const SKIP_ENTRY = 'set-skip';

export type SkipPayload = { habitId: string; date: LocalDate; skipped: boolean };

export function skipEntry(id: string, payload: SkipPayload, now: number): OutboxEntry {
  return {
    id,
    type: SKIP_ENTRY,
    payload: { ...payload },
    timestamp: now,
    retries: 0,
    method: 'PUT',
    path: pathWith(routes.setSkip.path, { id: payload.habitId, date: payload.date }),
    body: { skipped: payload.skipped },
  };
}

/** The payload of a skip entry read back from storage, or null for any other entry. */
export function skipPayloadOf(entry: QueueEntry): SkipPayload | null {
  if (entry.type !== SKIP_ENTRY) return null;
  const payload = entry.payload as Partial<Record<keyof SkipPayload, unknown>> | null;
  if (
    typeof payload !== 'object' ||
    payload === null ||
    typeof payload.habitId !== 'string' ||
    !isLocalDate(payload.date) ||
    typeof payload.skipped !== 'boolean'
  ) {
    return null;
  }
  return { habitId: payload.habitId, date: payload.date, skipped: payload.skipped };
}

/**
 * A skips window with one skip set or cleared: every skip of the habit in that date's period goes
 * (the server rests or wakes the whole period), and a skip adds its date. A date outside the
 * window's range is harmless there: the screen merges every window and reads skips by date.
 */
export function withSkip(
  list: readonly Skip[],
  payload: SkipPayload,
  habit: Pick<Habit, 'frequency'>,
  weekStart: WeekStart,
): Skip[] {
  const { start, end } = periodRangeOf(payload.date, habit.frequency, weekStart);
  const without = list.filter(
    (skip) => !(skip.habitId === payload.habitId && skip.date >= start && skip.date <= end),
  );
  return payload.skipped ? [...without, { habitId: payload.habitId, date: payload.date }] : without;
}
