/**
 * Habit mutations: optimistic, rolled back with a toast on failure (docs/product.md, CONTRIBUTING.md).
 */
import type { Category } from '@habitquest/contracts/categories';
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type {
  Habit,
  HabitCreate,
  HabitDeleteResult,
  HabitUpdate,
  SetCompletionResult,
} from '@habitquest/contracts/habits';
import { compareCategories } from '@habitquest/core/categories';
import { localDateOf, type LocalDate } from '@habitquest/core/dates';
import { streaksAfterCurrentPeriod } from '@habitquest/core/streaks';
import type { Me } from '@habitquest/contracts/me';
import { pointsForXp, progressFigures } from '@habitquest/core/levels';
import { setCompletionEntry } from '@habitquest/core/offline-queue';
import { periodKey, type WeekStart } from '@habitquest/core/periods';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { playSound } from '../audio/engine';
import { ApiError } from '../../lib/api';
import { patch, useOptimisticMutation } from '../../lib/optimistic';
import { pathWith, routes } from '@habitquest/contracts/routes';
import { OutboxFullError, type OutboxEntry } from '../../lib/outbox';
import { putInList, requestTo, useQueuedMutation } from '../offline/queued-mutation';
import type { CompletionsChange } from '../offline/completion-changes';
import { queueChange, sendQueued } from '../offline/send-queued';
import { categoriesQuery } from '../goals/queries';
import { meQuery } from '../me/queries';
import { draftCompletion } from './day-habits';
import { habitsCopy as copy } from './copy';
import { celebrateLevelUp } from './level-up';
import { habitKeys } from './queries';
import type { Skip } from '@habitquest/contracts/rest';
import { restKeys } from '../rest/queries';
import { withSkip } from '../rest/skip-entry';
import { randomId } from '../../lib/random-id';

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
function todayOf(client: QueryClient): LocalDate | null {
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

/**
 * POST /api/habits, optimistic and queued offline (docs/offline.md): the habit shows at once
 * under the id made here, which the server keeps, so changes made before it syncs refer to it.
 */
export function useCreateHabit() {
  return useQueuedMutation<HabitCreate, Habit>({
    type: 'habit-create',
    prepare: (input, client) => {
      const id = randomId();
      return {
        ...requestTo(routes.createHabit, { body: { ...input, id } }),
        changes: [{ list: 'habits', op: 'put', item: draftHabit(id, input, client) }],
      };
    },
    events: ['habits'],
    // The dialog that sent it shows the server's words (a limit, a bad field).
    failure: () => null,
    onSynced: putInList('habits'),
  });
}

/** The habit as it will be, until the server's arrives. */
function draftHabit(id: string, input: HabitCreate, client: QueryClient): Habit {
  const category = categoryOf(client, input.categoryId);
  return {
    id,
    title: input.title,
    description: input.description,
    frequency: input.frequency,
    categoryId: category?.id ?? null,
    category: category?.name ?? null,
    xpOnComplete: input.xpOnComplete,
    isRecurring: input.isRecurring,
    specificDate: input.isRecurring ? null : input.specificDate,
    color: input.color,
    icon: input.icon,
    streak: 0,
    bestStreak: 0,
    lastCompletedAt: null,
    createdAt: new Date().toISOString(),
    // Created today, in the user's zone (the server's answer says the same).
    countsFrom: todayOf(client) ?? localDateOf(Date.now(), 'UTC'),
    pause: null,
  };
}

/** The category a habit goes into: the one chosen, else the first by name, as the server picks. */
function categoryOf(client: QueryClient, id: string | null): Category | undefined {
  const categories = client.getQueryData<Category[]>(categoriesQuery.queryKey) ?? [];
  if (id !== null) return categories.find((c) => c.id === id);
  return [...categories].filter((c) => !c.isFallback).sort(compareCategories)[0];
}

/** PATCH /api/habits/:id, optimistic and queued offline. */
export function useUpdateHabit() {
  return useQueuedMutation<{ id: string; patch: HabitUpdate }, Habit>({
    type: 'habit-update',
    prepare: ({ id, patch: change }, client) => ({
      ...requestTo(routes.updateHabit, { params: { id }, body: change }),
      changes: [{ list: 'habits', op: 'merge', id, fields: shownFields(change, client) }],
      completions: regroupedBy(id, change, client),
    }),
    // A new frequency regroups the habit's completions on the server.
    events: ({ patch: change }) =>
      change.frequency === undefined ? ['habits'] : ['habits', 'completions'],
    failure: () => null,
    onSynced: putInList('habits'),
  });
}

/**
 * A new frequency regroups the habit's cached completions as the server will (docs/offline.md):
 * by the user's week start as it stands when they act, queued changes included.
 */
function regroupedBy(id: string, change: HabitUpdate, client: QueryClient): CompletionsChange[] {
  const { frequency } = change;
  const weekStart = client.getQueryData<Me>(meQuery.queryKey)?.settings.weekStart;
  const habit = client.getQueryData<Habit[]>(habitKeys.all)?.find((h) => h.id === id);
  if (frequency === undefined || weekStart === undefined || habit?.frequency === frequency)
    return [];
  return [{ op: 'regroup', habits: [{ habitId: id, frequency }], weekStart }];
}

/** What an edit shows at once: the fields given (none blanked), with the category's name. */
function shownFields(change: HabitUpdate, client: QueryClient): Partial<Habit> {
  const { title, description, frequency, categoryId, xpOnComplete } = change;
  const { isRecurring, specificDate, color } = change;
  const category = categoryId ? categoryOf(client, categoryId) : undefined;
  return Object.fromEntries(
    Object.entries({
      title,
      description,
      frequency,
      categoryId,
      category: category?.name,
      xpOnComplete,
      isRecurring,
      specificDate,
      color,
    }).filter(([, value]) => value !== undefined),
  );
}

/** DELETE /api/habits/:id, optimistic and queued offline. */
export function useDeleteHabit() {
  return useQueuedMutation<Habit, HabitDeleteResult>({
    type: 'habit-delete',
    prepare: (habit) => ({
      ...requestTo(routes.deleteHabit, { params: { id: habit.id } }),
      changes: [{ list: 'habits', op: 'remove', id: habit.id }],
    }),
    events: ['habits', 'completions'],
    failure: () => copy.deleteFailed,
  });
}
