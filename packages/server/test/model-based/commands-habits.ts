/**
 * The model-based API test's commands on habits and their completions (create, edit, delete, set a
 * completion, replay a keyed change) and on the week's first day. Test support only.
 */
import { addDays } from '@habitquest/core/dates';
import { FREQUENCIES, type Frequency, type WeekStart } from '@habitquest/core/periods';
import fc from 'fast-check';
import { expectedProgress, type MUser } from './model';
import { sortedCategories } from './model-categories';
import {
  applyCreateHabit,
  changeWeekStart,
  createHabit,
  deleteHabit,
  setCompletion,
  updateHabit,
  type HabitInput,
  type HabitPatch,
} from './model-habits';
import { agree, call, expectOutcome, type Real } from './observe';
import { command, datePickArb, dateOf, habitPickArb, pick, pickHabit, type Json } from './command';

const TITLES = ['Read', 'Run', 'Meditate', '  Stretch  ', 'Journal'];

const xpArb = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 1, max: 100 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 101) },
);
const frequencyArb = fc.constantFrom<Frequency>(...FREQUENCIES);
/** Days from today for a specific date: the habit may lie in the past or the future. */
const specificOffsetArb = fc.integer({ min: -60, max: 40 });

const scheduleArb = fc.oneof(
  { weight: 15, arbitrary: fc.constant({ isRecurring: true, specificOffset: null }) },
  {
    weight: 5,
    arbitrary: specificOffsetArb.map((offset) => ({ isRecurring: false, specificOffset: offset })),
  },
  // An inconsistent pair the API must refuse.
  { weight: 1, arbitrary: fc.constant({ isRecurring: false, specificOffset: null }) },
);

/** null: no category, the server picks; else an index into the categories by name. */
const categoryPickArb = fc.option(fc.nat(20), { nil: null, freq: 4 });

function categoryName(model: MUser, index: number | null): string | null {
  return index === null ? null : pick(sortedCategories(model), index).name;
}
function categoryIdOf(model: MUser, name: string | null): string | null {
  if (name === null) return null;
  const id = model.categories.find((category) => category.name === name)?.id;
  if (!id) throw new Error(`the model does not know the id of category ${name}`);
  return id;
}

export const createHabitParams = fc.record({
  count: fc.oneof(
    { weight: 6, arbitrary: fc.constant(1) },
    { weight: 1, arbitrary: fc.constant(8) },
    { weight: 1, arbitrary: fc.constant(16) },
  ),
  title: fc.constantFrom(...TITLES),
  frequency: frequencyArb,
  schedule: scheduleArb,
  category: categoryPickArb,
  xp: xpArb,
});
type CreateHabitParams = typeof createHabitParams extends fc.Arbitrary<infer T> ? T : never;

/** POST /api/habits `count` times (a few at once reach the free limit within a short run). */
export async function createHabits(model: MUser, real: Real, p: CreateHabitParams): Promise<void> {
  for (let n = 0; n < p.count; n += 1) {
    const input: HabitInput = {
      title: p.title,
      frequency: p.frequency,
      xp: p.xp,
      isRecurring: p.schedule.isRecurring,
      specificDate:
        p.schedule.specificOffset === null ? null : addDays(model.today, p.schedule.specificOffset),
      category: categoryName(model, p.category),
    };
    const expected = createHabit(model, input);
    const response = await call<Json>(real, 'POST', '/api/habits', {
      title: input.title,
      frequency: input.frequency,
      xpOnComplete: input.xp,
      isRecurring: input.isRecurring,
      specificDate: input.specificDate,
      categoryId: categoryIdOf(model, input.category),
    });
    expectOutcome(response, expected, 'POST /api/habits');
    if (expected.status === 201) applyCreateHabit(model, input, String(response.body.id));
  }
}

export const createHabitCommand = command({
  name: 'CreateHabit',
  params: createHabitParams,
  run: createHabits,
});

/** A schedule edit: either field may be left out; some pairs the API must refuse. */
type EditSchedule = { isRecurring?: boolean; specificOffset?: number | null };

export const editHabitCommand = command({
  name: 'EditHabit',
  params: fc.record({
    habit: habitPickArb,
    title: fc.option(fc.constantFrom(...TITLES), { nil: undefined }),
    frequency: fc.option(frequencyArb, { nil: undefined, freq: 4 }),
    schedule: fc.option(
      fc.oneof<fc.Arbitrary<EditSchedule>[]>(
        fc.constant({ isRecurring: true }),
        specificOffsetArb.map((offset) => ({ isRecurring: false, specificOffset: offset })),
        specificOffsetArb.map((offset) => ({ specificOffset: offset })),
        fc.constant({ isRecurring: false }),
        fc.constant({ isRecurring: true, specificOffset: 0 }),
      ),
      { nil: undefined },
    ),
    category: fc.option(categoryPickArb, { nil: undefined }),
    xp: fc.option(xpArb, { nil: undefined }),
  }),
  applies: (model) => model.habits.length > 0,
  run: async (model, real, p) => {
    const habit = pickHabit(model, p.habit);
    const patch: HabitPatch = {};
    const body: Json = {};
    if (p.title !== undefined) body.title = patch.title = p.title;
    if (p.frequency !== undefined) body.frequency = patch.frequency = p.frequency;
    if (p.xp !== undefined) body.xpOnComplete = patch.xp = p.xp;
    if (p.schedule?.isRecurring !== undefined)
      body.isRecurring = patch.isRecurring = p.schedule.isRecurring;
    if (p.schedule?.specificOffset !== undefined) {
      body.specificDate = patch.specificDate =
        p.schedule.specificOffset === null ? null : addDays(model.today, p.schedule.specificOffset);
    }
    if (p.category !== undefined) {
      patch.category = categoryName(model, p.category);
      body.categoryId = categoryIdOf(model, patch.category);
    }
    if (Object.keys(body).length === 0) body.title = patch.title = habit.title;
    const expected = updateHabit(model, habit, patch);
    const response = await call(real, 'PATCH', `/api/habits/${habit.id}`, body);
    expectOutcome(response, expected, 'PATCH /api/habits/:id');
  },
});

export const deleteHabitCommand = command({
  name: 'DeleteHabit',
  params: fc.record({ habit: habitPickArb }),
  applies: (model) => model.habits.length > 0,
  run: async (model, real, p) => {
    const habit = pickHabit(model, p.habit);
    const expected = deleteHabit(model, habit);
    const response = await call<Json>(real, 'DELETE', `/api/habits/${habit.id}`);
    expectOutcome(response, expected, 'DELETE /api/habits/:id');
    agree(response.body.progress, expectedProgress(model), 'DELETE /api/habits/:id progress');
  },
});

export const setCompletionCommand = command({
  name: 'SetCompletion',
  params: fc.record({
    habit: habitPickArb,
    date: datePickArb,
    completed: fc.oneof(
      { weight: 2, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    /** Sent with an Idempotency-Key, as the web app sends it (claimed in the change's transaction). */
    keyed: fc.boolean(),
  }),
  applies: (model) => model.habits.length > 0,
  run: async (model, real, p) => {
    const habit = pickHabit(model, p.habit);
    const date = dateOf(model, habit, p.date);
    const expected = setCompletion(model, habit, date, p.completed);
    const url = `/api/habits/${habit.id}/completions/${date}`;
    const body = { completed: p.completed };
    const key = p.keyed ? `key-${String(keyCount++)}` : null;
    const response = await call<Json>(
      real,
      'PUT',
      url,
      body,
      key === null ? undefined : { 'idempotency-key': key },
    );
    if (key !== null) {
      model.lastKeyed = {
        method: 'PUT',
        url,
        body,
        key,
        status: response.status,
        answer: response.body,
      };
    }
    expectOutcome(response, expected, `PUT /api/habits/:id/completions/${date}`);
    if (expected.status !== 200) return;
    const completion = response.body.completion as Json | null;
    agree(
      {
        added: response.body.added,
        completion:
          completion === null
            ? null
            : {
                completionDate: completion.completionDate,
                periodKey: completion.periodKey,
                xpEarned: completion.xpEarned,
                pointsEarned: completion.pointsEarned,
              },
        progress: response.body.progress,
      },
      {
        added: expected.added,
        completion: expected.completion
          ? {
              completionDate: expected.completion.date,
              periodKey: expected.completion.key,
              xpEarned: expected.completion.xp,
              pointsEarned: expected.completion.points,
            }
          : null,
        progress: expected.leveledUp
          ? { ...expectedProgress(model), leveledUp: true }
          : expectedProgress(model),
      },
      'the set-completion answer',
      response.body,
    );
  },
});

/** Keys made by this process's runs: each distinct, so only a Replay repeats one. */
let keyCount = 0;

export const replayKeyedCommand = command({
  name: 'ReplayKeyed',
  params: fc.constant(null),
  applies: (model) => model.lastKeyed !== null,
  run: async (model, real) => {
    const sent = model.lastKeyed;
    if (sent === null) return;
    const response = await call<Json>(real, sent.method, sent.url, sent.body, {
      'idempotency-key': sent.key,
    });
    // The first answer again, marked as a replay; nothing changes (the agreement check follows).
    agree(response.status, sent.status, `replayed ${sent.method} status`);
    agree(response.body, sent.answer, `replayed ${sent.method} answer`);
    agree(response.headers.get('idempotent-replayed'), 'true', 'Idempotent-Replayed');
  },
});

export const weekStartCommand = command({
  name: 'ChangeWeekStart',
  params: fc.record({ weekStart: fc.constantFrom<WeekStart>(0, 1, 3, 6) }),
  run: async (model, real, p) => {
    const expected = changeWeekStart(model, p.weekStart);
    const response = await call(real, 'PATCH', '/api/settings', { weekStart: p.weekStart });
    expectOutcome(response, expected, 'PATCH /api/settings {weekStart}');
  },
});
