/**
 * The model-based API test's commands on rest: a skipped day, a habit paused and resumed, a
 * vacation begun and ended. Test support only.
 */
import { addDays } from '@habitquest/core/dates';
import fc from 'fast-check';
import { endVacation, pauseHabit, resumeHabit, setSkip, setVacation } from './model-rest';
import { call, expectOutcome } from './observe';
import { command, datePickArb, dateOf, habitPickArb, pickHabit, type Json } from './command';

export const skipCommand = command({
  name: 'SkipDay',
  params: fc.record({
    habit: habitPickArb,
    date: fc.oneof(
      { weight: 6, arbitrary: datePickArb },
      // Far ahead: refused past a year.
      {
        weight: 1,
        arbitrary: fc.constantFrom(200, 400).map((offset) => ({ from: 'today' as const, offset })),
      },
    ),
    skipped: fc.oneof(
      { weight: 3, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
  }),
  applies: (model) => model.habits.length > 0,
  run: async (model, real, p) => {
    const habit = pickHabit(model, p.habit);
    const date = dateOf(model, habit, p.date);
    const expected = setSkip(model, habit, date, p.skipped);
    const response = await call<Json>(real, 'PUT', `/api/habits/${habit.id}/skips/${date}`, {
      skipped: p.skipped,
    });
    expectOutcome(response, expected, `PUT /api/habits/:id/skips/${date}`);
  },
});

export const pauseCommand = command({
  name: 'PauseHabit',
  params: fc.record({
    habit: habitPickArb,
    /** Days from today to resume on; null pauses until resumed; 0 is refused. */
    resumeIn: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
  }),
  applies: (model) => model.habits.length > 0,
  run: async (model, real, p) => {
    const habit = pickHabit(model, p.habit);
    const resumesOn = p.resumeIn === null ? null : addDays(model.today, p.resumeIn);
    const expected = pauseHabit(model, habit, resumesOn);
    const response = await call<Json>(real, 'PUT', `/api/habits/${habit.id}/pause`, {
      resumesOn,
    });
    expectOutcome(response, expected, 'PUT /api/habits/:id/pause');
  },
});

export const resumeCommand = command({
  name: 'ResumeHabit',
  params: fc.record({ habit: habitPickArb }),
  applies: (model) => model.habits.length > 0,
  run: async (model, real, p) => {
    const habit = pickHabit(model, p.habit);
    const expected = resumeHabit(model, habit);
    const response = await call<Json>(real, 'DELETE', `/api/habits/${habit.id}/pause`);
    expectOutcome(response, expected, 'DELETE /api/habits/:id/pause');
  },
});

export const vacationCommand = command({
  name: 'SetVacation',
  params: fc.record({
    /** Days from today: a vacation may have begun already, or lie ahead. */
    start: fc.integer({ min: -20, max: 10 }),
    /** Its length in days less one; negative is refused, and so is one already over. */
    length: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 25 }) },
      { weight: 1, arbitrary: fc.constantFrom(-1, 366, 400) },
    ),
  }),
  run: async (model, real, p) => {
    const startsOn = addDays(model.today, p.start);
    const endsOn = addDays(startsOn, p.length);
    const expected = setVacation(model, startsOn, endsOn);
    const response = await call<Json>(real, 'PUT', '/api/vacation', { startsOn, endsOn });
    expectOutcome(response, expected, 'PUT /api/vacation');
  },
});

export const endVacationCommand = command({
  name: 'EndVacation',
  params: fc.constant(null),
  run: async (model, real) => {
    const expected = endVacation(model);
    const response = await call<Json>(real, 'DELETE', '/api/vacation');
    expectOutcome(response, expected, 'DELETE /api/vacation');
  },
});
