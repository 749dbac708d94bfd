/**
 * Skip or unskip a habit's period (docs/product.md, "Rest days"): optimistic, and queued offline
 * through the outbox (docs/offline.md) with its own Idempotency-Key, like a completion. Its code
 * is not in the first download: the cards load it once they are on screen.
 */
import type { Habit, SetSkipResult } from '@habitquest/contracts/habits';
import type { Skip } from '@habitquest/contracts/rest';
import type { LocalDate } from '@habitquest/core/dates';
import type { WeekStart } from '@habitquest/core/periods';
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { optimisticMutationOptions, patch } from '../../lib/optimistic';
import { randomId } from '../../lib/random-id';
import { putInList } from '../offline/queued-mutation';
import { queueChange, sendQueued } from '../offline/send-queued';
import { restCopy as copy } from './copy';
import { restKeys } from './queries';
import { refusalText } from './refusal';
import { skipEntry, withSkip } from './skip-entry';

export type SetSkip = {
  habit: Habit;
  date: LocalDate;
  skipped: boolean;
  weekStart: WeekStart;
  /** Whether `date` is today, for the words of the toast. */
  isToday: boolean;
};
type QueuedSkip = SetSkip & { id: string };

/**
 * Skip or unskip the habit's period holding a date. It loads when first used (use-skip-action.ts),
 * so it runs outside React: a MutationObserver with the options every optimistic change has.
 */
export function startSkip(client: QueryClient, skip: SetSkip): void {
  const observer = new MutationObserver(
    client,
    optimisticMutationOptions(client, {
      store: (vars: QueuedSkip) =>
        queueChange(
          skipEntry(
            vars.id,
            { habitId: vars.habit.id, date: vars.date, skipped: vars.skipped },
            Date.now(),
          ),
        ),
      mutationFn: (vars: QueuedSkip) => sendQueued<SetSkipResult>(vars.id),
      patches: (vars) => [
        patch<Skip[]>(restKeys.allSkips, (list) =>
          list
            ? withSkip(
                list,
                { habitId: vars.habit.id, date: vars.date, skipped: vars.skipped },
                vars.habit,
                vars.weekStart,
              )
            : list,
        ),
      ],
      events: (_vars, sent) => (sent?.kind === 'queued' ? [] : ['rest']),
      failure: (error) => refusalText(error, copy.skipFailed),
      onSuccess: (sent, vars) => {
        if (sent.kind === 'synced') {
          // The habit's streaks as the server counts them with the skip.
          putInList('habits')(sent.body.habit, vars, client);
        }
        if (vars.skipped) {
          toast.success(copy.skippedToast(vars.habit.title, vars.habit.frequency, vars.isToday), {
            duration: 3000,
          });
        }
      },
    }),
  );
  // A failure is told by the options' onError (a toast) and put back there.
  observer.mutate({ ...skip, id: randomId() }).catch(() => undefined);
}
