/**
 * Pausing, resuming and vacation mode (docs/product.md, "Rest days"), each optimistic and queued
 * offline through the outbox (docs/offline.md) with its own Idempotency-Key. Only the dialogs, the
 * paused list and the settings panel use them, so they load with those (the skip is
 * skip-mutation.ts, for the cards).
 */
import type { Habit } from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import type { Vacation, VacationState } from '@habitquest/contracts/rest';
import { routes } from '@habitquest/contracts/routes';
import { localDateOf, type LocalDate } from '@habitquest/core/dates';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { patch, useOptimisticMutation } from '../../lib/optimistic';
import { randomId } from '../../lib/random-id';
import { meQuery } from '../me/queries';
import { putInList, requestTo, useQueuedMutation } from '../offline/queued-mutation';
import { queueChange, sendQueued } from '../offline/send-queued';
import { restCopy as copy } from './copy';
import { refusalText } from './refusal';
import { vacationEntry } from './vacation-entry';

/** Today in the user's zone, as the server counts it. */
function todayOf(client: QueryClient): LocalDate {
  const timeZone = client.getQueryData<Me>(meQuery.queryKey)?.settings.timeZone ?? 'UTC';
  return localDateOf(Date.now(), timeZone);
}

/** Pause a habit from today, until `resumesOn` (it comes back that day) or until resumed. */
export function usePauseHabit() {
  return useQueuedMutation<{ habit: Habit; resumesOn: LocalDate | null }, Habit>({
    type: 'habit-pause',
    prepare: ({ habit, resumesOn }, client) => ({
      ...requestTo(routes.pauseHabit, { params: { id: habit.id }, body: { resumesOn } }),
      changes: [
        {
          list: 'habits',
          op: 'merge',
          id: habit.id,
          fields: { pause: { startsOn: todayOf(client), resumesOn } },
        },
      ],
    }),
    events: ['rest'],
    // The dialog that sent it shows the server's words.
    failure: () => null,
    onSynced: (habit, vars, client) => {
      putInList('habits')(habit, vars, client);
    },
  });
}

/** Resume a paused habit from today. */
export function useResumeHabit() {
  return useQueuedMutation<Habit, Habit>({
    type: 'habit-resume',
    prepare: (habit) => ({
      ...requestTo(routes.resumeHabit, { params: { id: habit.id } }),
      changes: [{ list: 'habits', op: 'merge', id: habit.id, fields: { pause: null } }],
    }),
    events: ['rest'],
    failure: (error) => refusalText(error, copy.resumeFailed),
    onSynced: putInList('habits'),
  });
}

/** The Idempotency-Key of each vacation change, made when it is stored. */
const vacationKeys = new WeakMap<object, string>();

/** Plan vacation mode (replacing the one now or ahead), or end it (`vacation` null). */
export function useSetVacation() {
  const client = useQueryClient();
  return useOptimisticMutation({
    mutationKey: meQuery.queryKey,
    store: async (change: { vacation: Vacation | null }) => {
      const id = randomId();
      vacationKeys.set(change, id);
      await queueChange(vacationEntry(id, change, Date.now()));
    },
    mutationFn: (change: { vacation: Vacation | null }) =>
      sendQueued<VacationState>(vacationKeys.get(change) ?? ''),
    patches: (change) => [
      patch<Me>(meQuery.queryKey, (me) => (me ? { ...me, vacation: change.vacation } : me)),
    ],
    events: (_change, sent) => (sent?.kind === 'queued' ? [] : ['rest']),
    // The panel shows the server's words where it sent them.
    failure: () => null,
    onSuccess: (sent) => {
      if (sent.kind !== 'synced') return;
      client.setQueryData<Me>(meQuery.queryKey, (me) =>
        me ? { ...me, vacation: sent.body.vacation } : me,
      );
    },
  });
}
