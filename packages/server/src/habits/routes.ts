import { encodeCompletionColumns } from '@habitquest/contracts/completion-columns';
import { routes } from '@habitquest/contracts/routes';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { answerForTakenKey, KEY_TAKEN } from '../http/idempotency';
import { jsonAnswer } from '../http/json-answer';
import { serve } from '../http/serve-route';
import { createHabit } from './create-habit';
import { deleteHabit } from './delete-habit';
import { listCompletions } from './list-completions';
import { DerivedCache, KEPT_ANSWER_BYTES, KEPT_USERS, KeptAnswers } from './derived-cache';
import { listHabitsKept, type DerivedHabits } from './list-habits';
import { setCompletion } from './set-completion';
import type { SetStateInputs } from './set-state-inputs';
import { updateHabit } from './update-habit';

/** /api/habits, their completions, and /api/completions. */
export function habitRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, database, now, events } = deps;
  const app = new Hono<AppEnv>();
  // Each user's derived list, for as long as their data does not change (derived-cache.ts).
  const kept = new DerivedCache<DerivedHabits>(KEPT_USERS);
  // What each user's set-states are computed from, likewise (set-completion.ts).
  const setStateInputs = new DerivedCache<SetStateInputs>(KEPT_USERS);

  serve(app, routes.listHabits, async (c, { query: range }) => {
    const userId = c.get('userId');
    const habits = await listHabitsKept({
      db,
      userId,
      now: now(),
      revision: c.get('revision'),
      cache: kept,
    });
    if (range === undefined) return habits;
    // With a date window, each habit carries its completions in it (one query for all).
    const inRange = await listCompletions({ db, userId, range });
    return habits.map((habit) => ({
      ...habit,
      completions: inRange.filter((completion) => completion.habitId === habit.id),
    }));
  });

  serve(app, routes.createHabit, async (c, { body: input }) => {
    const userId = c.get('userId');
    const { habit, unlocked } = await createHabit({ db, userId, input, now: now() });
    await events.publish(
      userId,
      { type: 'habits', payload: { ids: [habit.id] } },
      ...(unlocked.length > 0
        ? [{ type: 'achievements' as const, payload: { ids: unlocked } }]
        : []),
    );
    return habit;
  });

  serve(app, routes.updateHabit, async (c, { params, body: patch }) => {
    const userId = c.get('userId');
    const habit = await updateHabit({ db, userId, habitId: params.id, patch, now: now() });
    await events.publish(
      userId,
      { type: 'habits', payload: { ids: [habit.id] } },
      // A new frequency re-keys (and may merge) the habit's completions.
      ...(patch.frequency === undefined
        ? []
        : [{ type: 'completions' as const, payload: { habitIds: [habit.id] } }]),
    );
    return habit;
  });

  serve(app, routes.deleteHabit, async (c, { params }) => {
    const userId = c.get('userId');
    const progress = await deleteHabit({ db, userId, habitId: params.id, now: now() });
    await events.publish(
      userId,
      { type: 'habits', payload: { ids: [params.id] } },
      { type: 'completions', payload: { habitIds: [params.id] } },
    );
    return { deleted: params.id, progress };
  });

  serve(app, routes.setCompletion, async (c, { params, body }) => {
    // Its events go out with its commit, and its Idempotency-Key is claimed and answered in its
    // transaction (set-completion.ts).
    const claim = c.get('keyClaim');
    const outcome = await setCompletion({
      database,
      events,
      inputs: setStateInputs,
      revision: c.get('revision'),
      sessionToken: c.get('sessionToken'),
      userId: c.get('userId'),
      habitId: params.id,
      date: params.date,
      completed: body.completed,
      now: now(),
      claim,
    });
    // The key is answered: stored with the change, or taken already. (A refusal thrown above
    // leaves it to the idempotency middleware to remember.)
    c.set('keyClaim', undefined);
    if (outcome !== KEY_TAKEN) return outcome;
    if (claim === undefined) throw new Error('a key taken without a key');
    return answerForTakenKey(c, db, claim);
  });

  // The completions of a window depend on nothing but the user's completions: their answers are
  // kept as sent, per revision (derived-cache.ts).
  const keptAnswers = new KeptAnswers(KEPT_ANSWER_BYTES);
  const answerKept = async (
    c: Context<AppEnv>,
    key: string,
    derive: () => Promise<unknown>,
  ): Promise<Response> => {
    const userId = c.get('userId');
    const revision = c.get('revision');
    let text = revision === null ? undefined : keptAnswers.get(userId, revision, key);
    if (text === undefined) {
      text = JSON.stringify(await derive());
      if (revision !== null) keptAnswers.set(userId, revision, key, text);
    }
    return jsonAnswer(c, text);
  };

  serve(app, routes.listCompletions, (c, { query: range }) =>
    answerKept(c, `list ${range.from} ${range.to}`, () =>
      listCompletions({ db, userId: c.get('userId'), range }),
    ),
  );

  serve(app, routes.listCompletionColumns, (c, { query: range }) =>
    answerKept(c, `columns ${range.from} ${range.to}`, async () =>
      encodeCompletionColumns(
        range.from,
        await listCompletions({ db, userId: c.get('userId'), range }),
      ),
    ),
  );

  return app;
}
