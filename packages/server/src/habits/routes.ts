import {
  zCompletionsQuery,
  zHabitCreate,
  zHabitUpdate,
  zSetCompletion,
} from '@habitquest/contracts/habits';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { dateParam, idParam, parseQuery } from '../http/params';
import { parseBody } from '../http/validate';
import { toProgressOf } from '../progress/progress-of';
import { createHabit } from './create-habit';
import { deleteHabit } from './delete-habit';
import { listCompletions } from './list-completions';
import { listHabits } from './list-habits';
import { setCompletion } from './set-completion';
import { updateHabit } from './update-habit';

/** /api/habits, their completions, and /api/completions. */
export function habitRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, now, events } = deps;
  const app = new Hono<AppEnv>();

  app.get('/habits', async (c) => {
    const userId = c.get('userId');
    const habits = await listHabits({ db, userId, now: now() });
    if (c.req.query('from') === undefined && c.req.query('to') === undefined) return c.json(habits);
    // With a date window, each habit carries its completions in it (one query for all).
    const range = parseQuery(c, zCompletionsQuery);
    const inRange = await listCompletions({ db, userId, range });
    return c.json(
      habits.map((habit) => ({
        ...habit,
        completions: inRange.filter((completion) => completion.habitId === habit.id),
      })),
    );
  });

  app.post('/habits', async (c) => {
    const input = await parseBody(c, zHabitCreate);
    const habit = await createHabit({ db, userId: c.get('userId'), input, now: now() });
    await events.publish(c.get('userId'), { type: 'habits', payload: { ids: [habit.id] } });
    return c.json(habit, 201);
  });

  app.patch('/habits/:id', async (c) => {
    const habitId = idParam(c);
    const patch = await parseBody(c, zHabitUpdate);
    const userId = c.get('userId');
    const habit = await updateHabit({ db, userId, habitId, patch, now: now() });
    await events.publish(userId, { type: 'habits', payload: { ids: [habit.id] } });
    // A new frequency re-keys (and may merge) the habit's completions.
    if (patch.frequency !== undefined) {
      await events.publish(userId, { type: 'completions', payload: { habitIds: [habit.id] } });
    }
    return c.json(habit);
  });

  app.delete('/habits/:id', async (c) => {
    const userId = c.get('userId');
    const habitId = idParam(c);
    await deleteHabit({ db, userId, habitId });
    await events.publish(userId, { type: 'habits', payload: { ids: [habitId] } });
    await events.publish(userId, { type: 'completions', payload: { habitIds: [habitId] } });
    return c.json({ deleted: habitId, progress: await toProgressOf({ db, userId, now: now() }) });
  });

  app.put('/habits/:id/completions/:date', async (c) => {
    const userId = c.get('userId');
    const habitId = idParam(c);
    const date = dateParam(c);
    const { completed } = await parseBody(c, zSetCompletion);
    const result = await setCompletion({ db, userId, habitId, date, completed, now: now() });
    await events.publish(userId, { type: 'completions', payload: { habitIds: [habitId] } });
    await events.publish(userId, { type: 'progress', payload: { progress: result.progress } });
    return c.json(result);
  });

  app.get('/completions', async (c) => {
    const range = parseQuery(c, zCompletionsQuery);
    return c.json(await listCompletions({ db, userId: c.get('userId'), range }));
  });

  return app;
}
