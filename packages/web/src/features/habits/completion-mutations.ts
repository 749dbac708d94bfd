/**
 * Completion mutations: completing and undoing a habit's period, optimistic and queued offline,
 * with the celebration and its Undo (docs/product.md, docs/offline.md).
 */
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit, SetCompletionResult } from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import type { Skip } from '@habitquest/contracts/rest';
import { pathWith, routes } from '@habitquest/contracts/routes';
import { localDateOf, type LocalDate } from '@habitquest/core/dates';
import { pointsForXp, progressFigures } from '@habitquest/core/levels';
import { setCompletionEntry } from '@habitquest/core/offline-queue';
import { periodKey, type WeekStart } from '@habitquest/core/periods';
import { streaksAfterCurrentPeriod } from '@habitquest/core/streaks';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { patch, useOptimisticMutation } from '../../lib/optimistic';
import { OutboxFullError, type OutboxEntry } from '../../lib/outbox';
import { randomId } from '../../lib/random-id';
import { toast } from '../../lib/toast';
import { playSound } from '../audio/engine';
import { meQuery } from '../me/queries';
import { queueChange, sendQueued } from '../offline/send-queued';
import { restKeys } from '../rest/queries';
import { withSkip } from '../rest/skip-entry';
import { habitsCopy as copy } from './copy';
import { draftCompletion } from './day-habits';
import { celebrateLevelUp } from './level-up';
import { habitKeys } from './queries';

/** Habit and period keys with a toggle in flight: a second toggle of the same one is ignored. */
const inFlight = new Set<string>();

type Toggle = { habit: Habit; date: string; completed: boolean; weekStart: WeekStart };

export function moveProgress(me: Me, xpDelta: number, pointsDelta: number): Me {
  return {
    ...me,
    progress: progressFigures({
      xp: me.progress.xp + xpDelta,
      points: me.progress.points + pointsDelta,
      streak: me.progress.streak,
    }),
  };
}

/** The completions with the toggled one added (a draft until the server's arrives) or removed. */
function withToggle(
  list: CompletionEntry[] | undefined,
  toggle: Toggle,
  key: string,
): CompletionEntry[] | undefined {
  if (!list) return list;
  const without = list.filter((c) => !(c.habitId === toggle.habit.id && c.periodKey === key));
  if (!toggle.completed) return without;
  return [...without, draftCompletion(toggle.habit, toggle.date, key)];
}

/** Today in the user's time zone, or null before their settings are loaded. */
export function todayOf(client: QueryClient): LocalDate | null {
  const timeZone = client.getQueryData<Me>(meQuery.queryKey)?.settings.timeZone;
  return timeZone ? localDateOf(Date.now(), timeZone) : null;
}

/** Whether a cached completion of another habit is dated that day. */
function hasOtherCompletionOn(client: QueryClient, date: string, habitId: string): boolean {
  return client
    .getQueriesData<CompletionEntry[]>({ queryKey: habitKeys.allCompletions })
    .some(([, list]) => list?.some((c) => c.completionDate === date && c.habitId !== habitId));
}

/**
 * What undoing a period takes back: what its completion gave (the server's rule), which differs
 * from the habit's XP now after an XP edit or a regrouping merged several; the habit's XP when no
 * window holds that completion.
 */
function takenBack(client: QueryClient, habit: Habit, key: string): { xp: number; points: number } {
  const completion = client
    .getQueriesData<CompletionEntry[]>({ queryKey: habitKeys.allCompletions })
    .flatMap(([, list]) => list ?? [])
    .find((c) => c.habitId === habit.id && c.periodKey === key);
  return completion
    ? { xp: completion.xpEarned, points: completion.pointsEarned }
    : { xp: habit.xpOnComplete, points: pointsForXp(habit.xpOnComplete) };
}

/** A habit's streaks after its current period was completed or undone. */
function withStreakMoved(habit: Habit, toggle: Toggle): Habit {
  const streaks = streaksAfterCurrentPeriod(
    { current: habit.streak, best: habit.bestStreak },
    toggle.completed,
  );
  return { ...habit, streak: streaks.current, bestStreak: streaks.best };
}

/** The outbox entry of a toggle: PUT …/completions/:date {completed}, keyed by its Idempotency-Key. */
function completionEntry(toggle: QueuedToggle): OutboxEntry {
  const payload = { habitId: toggle.habit.id, date: toggle.date, completed: toggle.completed };
  return {
    ...setCompletionEntry(toggle.id, payload, Date.now()),
    method: 'PUT',
    path: pathWith(routes.setCompletion.path, { id: toggle.habit.id, date: toggle.date }),
    body: { completed: toggle.completed },
  };
}

type QueuedToggle = Toggle & { id: string };

/**
 * Completing or undoing goes through the outbox (docs/offline.md): stored before the screen
 * changes, confirmed now when the server answers, else kept and replayed later.
 */
export function useSetCompletion(options: { undo?: (toggle: Toggle) => void } = {}) {
  const client = useQueryClient();
  return useOptimisticMutation({
    mutationFn: (toggle: QueuedToggle) => sendQueued<SetCompletionResult>(toggle.id),
    store: (toggle) => queueChange(completionEntry(toggle)),
    patches: (toggle) => {
      const key = periodKey(toggle.date, toggle.habit.frequency, toggle.weekStart);
      const { xp, points } = toggle.completed
        ? { xp: toggle.habit.xpOnComplete, points: pointsForXp(toggle.habit.xpOnComplete) }
        : takenBack(client, toggle.habit, key);
      const sign = toggle.completed ? 1 : -1;
      const today = todayOf(client);
      // Read before the completions patch below: does the day streak start or end with this one?
      const movesDayStreak =
        toggle.date === today && !hasOtherCompletionOn(client, today, toggle.habit.id);
      const isCurrentPeriod =
        today !== null && key === periodKey(today, toggle.habit.frequency, toggle.weekStart);
      return [
        patch<CompletionEntry[]>(habitKeys.allCompletions, (list) => withToggle(list, toggle, key)),
        // Completing a skipped period removes its skip (the server does so in the same change).
        ...(toggle.completed
          ? [
              patch<Skip[]>(restKeys.allSkips, (list) =>
                list
                  ? withSkip(
                      list,
                      { habitId: toggle.habit.id, date: toggle.date, skipped: false },
                      toggle.habit,
                      toggle.weekStart,
                    )
                  : list,
              ),
            ]
          : []),
        patch<Me>(meQuery.queryKey, (me) => {
          if (!me) return me;
          const moved = moveProgress(me, sign * xp, sign * points);
          if (!movesDayStreak) return moved;
          const streak = streaksAfterCurrentPeriod(
            { current: me.progress.streak, best: 0 },
            toggle.completed,
          ).current;
          return { ...moved, progress: { ...moved.progress, streak } };
        }),
        // The streaks on the habit's card move with a toggle of its current period (earlier
        // periods wait for the server's figures).
        ...(isCurrentPeriod
          ? [
              patch<Habit[]>(habitKeys.all, (list) =>
                list?.map((h) => (h.id === toggle.habit.id ? withStreakMoved(h, toggle) : h)),
              ),
            ]
          : []),
      ];
    },
    // What the events of PUT …/completions/:date refresh (this tab skips their echo). A queued
    // change refreshes nothing yet: the server does not have it.
    events: (toggle, sent) =>
      sent?.kind === 'queued'
        ? []
        : toggle.completed
          ? ['completions', 'progress', 'rest']
          : ['completions', 'progress'],
    failure: (error) =>
      error instanceof OutboxFullError || (error instanceof ApiError && error.code === 'VALIDATION')
        ? error.message
        : copy.toggleFailed,
    onSuccess: (sent, toggle) => {
      // Waiting in the outbox: the screen keeps the change; the badge says it is pending.
      if (sent.kind === 'queued') return;
      const result = sent.body;
      const me = client.getQueryData<Me>(meQuery.queryKey);
      if (me) client.setQueryData(meQuery.queryKey, { ...me, progress: result.progress });
      // One toast per habit and period, so an undo can take back the one its completion showed.
      const celebration = `completed:${toggle.habit.id}:${periodKey(toggle.date, toggle.habit.frequency, toggle.weekStart)}`;
      if (!toggle.completed) toast.dismiss(celebration);
      if (result.added) {
        playSound(result.progress.leveledUp ? 'level-up' : 'complete');
        const { undo } = options;
        toast.success(copy.habitCompleted, {
          id: celebration,
          description: copy.habitCompletedText(
            toggle.habit.title,
            result.completion?.xpEarned ?? 0,
            result.completion?.pointsEarned ?? 0,
          ),
          duration: 3000,
          // On a phone the toast covers the bottom of the screen, often the card just tapped:
          // a mistaken tap is taken back from the toast itself.
          ...(undo
            ? {
                action: {
                  label: copy.undo,
                  onClick: () => {
                    undo({ ...toggle, completed: false });
                  },
                },
              }
            : {}),
        });
      }
      if (result.progress.leveledUp) celebrateLevelUp(result.progress.level);
    },
  });
}

/** Toggles a completion unless the same habit and period is already on its way. */
export function useToggleCompletion() {
  // The completion toast's Undo goes through the same guard as the card's toggle.
  const mutation = useSetCompletion({
    undo: (toggle) => {
      run(toggle);
    },
  });
  const run = (toggle: Toggle): void => {
    const flight = `${toggle.habit.id}:${periodKey(toggle.date, toggle.habit.frequency, toggle.weekStart)}`;
    if (inFlight.has(flight)) return;
    inFlight.add(flight);
    mutation.mutate(
      { ...toggle, id: randomId() },
      {
        onSettled: () => {
          inFlight.delete(flight);
        },
      },
    );
  };
  return run;
}
