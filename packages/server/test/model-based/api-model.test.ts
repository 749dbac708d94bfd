/**
 * Model-based test of the HTTP API (issue #11). fast-check generates sequences of commands —
 * create, edit (title, frequency, recurring/specific, date, category, XP) and delete habits;
 * complete and undo on past, present and future dates; skip and unskip days, pause and resume
 * habits, plan and end vacations; change the week start; create, rename,
 * retarget and delete categories; create, edit, delete and redeem rewards; export, and import
 * that file or a fresh one by replace or merge — and runs each against a real server over HTTP
 * and against the in-memory model (model.ts). After every command nothing may have answered 5xx,
 * and habits, /api/me, completions, skips, categories, rewards, purchases and the export must agree with
 * the model, as must the ledger's sums and the cached progress (read from the database). Each run
 * is a fresh user, free or Pro, with its own week start, time zone and fixed clock.
 *
 * A failure prints the seed, the shrunk scenario and command sequence, and what disagreed.
 * Replay it with HQ_MODEL_SEED=<seed> npx vitest run packages/server/test/model-based, and add
 * HQ_MODEL_PATH=<path> and HQ_MODEL_REPLAY=<replayPath> to run only the shrunk counterexample.
 * HQ_MODEL_RUNS and HQ_MODEL_COMMANDS change the budget; HQ_MODEL_STATS=1 prints how often each
 * request met each outcome, to see what the runs exercised.
 */
import { localDateOf } from '@habitquest/core/dates';
import type { WeekStart } from '@habitquest/core/periods';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { grantPro } from '../../src/admin/grant-pro';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../harness';
import { COMMANDS, createHabitParams, createHabits } from './commands';
import { newUser } from './model';
import { call, expectAgreement, learnIds, outcomeCounts, type Real } from './observe';

/** PGlite is the slower engine (one connection, WebAssembly), so it gets fewer runs by default. */
const DEFAULT_RUNS = { pglite: 20, postgres: 30 } as const;
const RUNS_OVERRIDE = process.env.HQ_MODEL_RUNS;
const MAX_COMMANDS = Number(process.env.HQ_MODEL_COMMANDS ?? 40);
const TIME_LIMIT_MS = 5 * 60_000;
const SEED =
  process.env.HQ_MODEL_SEED === undefined ? undefined : Number(process.env.HQ_MODEL_SEED);
const PATH = process.env.HQ_MODEL_PATH;
const REPLAY = process.env.HQ_MODEL_REPLAY;

/** Clocks near a year's, a month's and a leap day's edges, where periods are easiest to get wrong. */
const CLOCKS = [
  '2026-01-01T05:30:00.000Z',
  '2026-06-15T12:00:00.000Z',
  '2024-02-29T23:30:00.000Z',
  '2025-12-28T16:00:00.000Z',
];
const TIME_ZONES = ['UTC', 'Asia/Manila', 'America/Los_Angeles'];

const scenarioArb = fc.record({
  isPro: fc.boolean(),
  clock: fc.constantFrom(...CLOCKS),
  weekStart: fc.constantFrom<WeekStart>(0, 1, 3),
  timeZone: fc.constantFrom(...TIME_ZONES),
  /** Habits made before the commands start, so that completions have something to act on. */
  habits: fc.array(createHabitParams, { minLength: 1, maxLength: 3 }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never;

describe.each(DATABASE_KINDS)('the API against its model on %s', (kind) => {
  let server: TestServer;
  let now = new Date(CLOCKS[0] ?? 0);

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => now });
  });
  afterAll(async () => {
    await server.stop();
    if (process.env.HQ_MODEL_STATS) {
      const lines = [...outcomeCounts]
        .sort()
        .map(([what, n]) => `${String(n).padStart(6)}  ${what}`);
      process.stdout.write(`outcomes on ${kind}:\n${lines.join('\n')}\n`);
      outcomeCounts.clear();
    }
  });

  /** A fresh user as the scenario describes, and its model. */
  async function start(scenario: Scenario) {
    now = new Date(scenario.clock);
    const { client, username } = await signUp(server);
    const me = await client.get<{ user: { id: string } }>('/api/me');
    const real: Real = { server, client, userId: me.body.user.id };
    if (scenario.isPro) await grantPro({ db: server.database.db, identifier: username });
    const settings = await call(real, 'PATCH', '/api/settings', {
      weekStart: scenario.weekStart,
      timeZone: scenario.timeZone,
    });
    if (settings.status !== 200) throw new Error(`settings: ${JSON.stringify(settings.body)}`);
    const model = newUser({
      isPro: scenario.isPro,
      weekStart: scenario.weekStart,
      timeZone: scenario.timeZone,
      today: localDateOf(now, scenario.timeZone),
      now,
    });
    await learnIds(model, real);
    for (const habit of scenario.habits) await createHabits(model, real, habit);
    await expectAgreement(model, real, `sign-up and ${scenario.habits.length} CreateHabit`);
    return { model, real };
  }

  const runs = RUNS_OVERRIDE === undefined ? DEFAULT_RUNS[kind] : Number(RUNS_OVERRIDE);
  it(
    `agrees after every command (${runs} runs of up to ${MAX_COMMANDS} commands)`,
    async () => {
      const result = await fc.check(
        fc.asyncProperty(
          scenarioArb,
          fc.commands(COMMANDS, {
            maxCommands: MAX_COMMANDS,
            size: 'max',
            ...(REPLAY === undefined ? {} : { replayPath: REPLAY }),
          }),
          async (scenario, commands) => {
            const setup = await start(scenario);
            await fc.asyncModelRun(() => setup, commands);
          },
        ),
        {
          numRuns: runs,
          // Every run gets sequences of its full length (bias would keep early runs short).
          plugins: [fc.unbiased()],
          // Shrinking replays whole sequences; past this limit fast-check stops and reports the
          // smallest counterexample found so far, before the test's own timeout hides it.
          interruptAfterTimeLimit: TIME_LIMIT_MS,
          ...(SEED === undefined ? {} : { seed: SEED }),
          ...(SEED === undefined || PATH === undefined ? {} : { path: PATH, endOnFailure: true }),
        },
      );
      if (result.failed)
        throw new Error(`${fc.defaultReportMessage(result)}\n${String(result.errorInstance)}`);
      // A run cut short by the time limit passes on what it did check, but never silently.
      if (result.interrupted)
        process.stdout.write(
          `model-based test on ${kind}: time limit reached after ${String(result.numRuns)} of ${String(runs)} runs (seed ${String(result.seed)})\n`,
        );
    },
    TIME_LIMIT_MS + 3 * 60_000,
  );
});
