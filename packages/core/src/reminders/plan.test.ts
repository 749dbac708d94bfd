import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, localDateOf, zonedTime } from '../dates';
import { seededRandom } from './timing';
import {
  DEFAULT_REMINDER_CONFIG,
  planReminders,
  SNOOZE_DEFAULT_MINUTES,
  snoozeUntil,
  type PlanRemindersOptions,
  type ReminderActivity,
  type ReminderConfig,
  type ReminderHabit,
  type ReminderKind,
} from './plan';

// Wednesday 2026-06-10 in New York (EDT, UTC-4); weeks start on Sunday.
const TZ = 'America/New_York';
const DAY = '2026-06-10';
const YESTERDAY = '2026-06-09';
const HOUR = 3_600_000;

function at(time: string, date = DAY): Date {
  return new Date(`${date}T${time}:00-04:00`);
}
function ms(time: string, date = DAY): number {
  return at(time, date).getTime();
}

function habit(overrides: Partial<ReminderHabit> = {}): ReminderHabit {
  return {
    id: 'h1',
    title: 'Read',
    frequency: 'daily',
    streak: 5,
    isCompletedInCurrentPeriod: false,
    lastCompletedAt: ms('08:00', YESTERDAY),
    ...overrides,
  };
}

const idle: ReminderActivity = {
  lastAppOpen: ms('06:00'),
  lastInteraction: null,
  lastHabitCompletion: null,
  sessionStartedAt: null,
  dailySessions: {},
  habitCompletionTimes: {},
};

type Overrides = Omit<Partial<PlanRemindersOptions>, 'config' | 'activity'> & {
  config?: Partial<ReminderConfig>;
  activity?: Partial<ReminderActivity>;
};

function plan(now: Date, overrides: Overrides = {}) {
  const { config, activity, ...rest } = overrides;
  return planReminders({
    permission: 'granted',
    habits: [habit()],
    sentToday: [],
    timeZone: TZ,
    random: () => 0.5,
    now,
    ...rest,
    config: { ...DEFAULT_REMINDER_CONFIG, ...config },
    activity: { ...idle, ...activity },
  });
}

const kinds = (result: { due: { kind: ReminderKind }[] }) => result.due.map((r) => r.kind);

describe('defaults', () => {
  it('match docs/decisions.md: window 9–21, 2 a day, protection hours 12/18/20, slider 20 h', () => {
    expect(DEFAULT_REMINDER_CONFIG).toMatchObject({
      reminderTimeRange: { start: 9, end: 21 },
      maxRemindersPerDay: 2,
      streakProtectionHours: [12, 18, 20],
      streakRiskHours: 20,
      streakWarningThreshold: 3,
      randomReminders: true,
    });
    expect(SNOOZE_DEFAULT_MINUTES).toBe(60);
    expect(snoozeUntil(at('12:00'))).toBe(ms('13:00'));
    expect(snoozeUntil(at('12:00'), 15)).toBe(ms('12:15'));
  });
});

describe('when reminders are off', () => {
  const off = { due: [], nextWakeAt: null };

  it('sends nothing and sleeps when disabled, not permitted or paused', () => {
    expect(plan(at('12:00'), { config: { enabled: false } })).toEqual(off);
    expect(plan(at('12:00'), { permission: 'denied' })).toEqual(off);
    expect(plan(at('12:00'), { permission: 'default' })).toEqual(off);
    expect(plan(at('12:00'), { isPaused: true })).toEqual(off);
    expect(kinds(plan(at('12:00'), { isPaused: false }))).toEqual(['streak-protection']);
  });

  it('waits for the end of a snooze, then plans as usual', () => {
    expect(plan(at('12:00'), { snoozedUntil: ms('12:30') })).toEqual({
      due: [],
      nextWakeAt: at('12:30'),
    });
    expect(kinds(plan(at('12:30'), { snoozedUntil: ms('12:30') }))).toEqual(['streak-protection']);
    expect(kinds(plan(at('12:00'), { snoozedUntil: null }))).toEqual(['streak-protection']);
  });

  it('draws exactly twice from random whatever happens', () => {
    for (const overrides of [{}, { isPaused: true }, { config: { enabled: false } }]) {
      let calls = 0;
      plan(at('12:00'), { ...overrides, random: () => ((calls += 1), 0.3) });
      expect(calls).toBe(2);
    }
  });
});

describe('streak protection', () => {
  it('warns at a protection hour about an open streak after 4 idle hours', () => {
    const result = plan(at('12:00'));
    expect(result.due).toEqual([
      {
        kind: 'streak-protection',
        title: 'Protect your streak!',
        body: '"Read" is on a 5-day streak. Complete it today to keep it going.',
        habitIds: ['h1'],
      },
    ]);
    expect(kinds(plan(at('12:59')))).toEqual(['streak-protection']);
    expect(kinds(plan(at('11:59')))).toEqual([]);
    expect(kinds(plan(at('13:00')))).toEqual([]);
  });

  it('needs 4 hours of inactivity (app open or interaction)', () => {
    expect(kinds(plan(at('12:00'), { activity: { lastInteraction: ms('08:01') } }))).toEqual([]);
    expect(kinds(plan(at('12:00'), { activity: { lastAppOpen: ms('08:30') } }))).toEqual([]);
    expect(kinds(plan(at('12:00'), { activity: { lastInteraction: ms('08:00') } }))).toEqual([
      'streak-protection',
    ]);
    // Inactive for 4 hours at 12:01, still inside the 12 o'clock slot.
    expect(plan(at('12:00'), { activity: { lastInteraction: ms('08:01') } }).nextWakeAt).toEqual(
      at('12:01'),
    );
  });

  it('needs a streak of at least the threshold, open in its period', () => {
    expect(kinds(plan(at('12:00'), { habits: [habit({ streak: 2 })] }))).toEqual([]);
    expect(kinds(plan(at('12:00'), { habits: [habit({ streak: 3 })] }))).toEqual([
      'streak-protection',
    ]);
    expect(
      kinds(plan(at('12:00'), { habits: [habit({ isCompletedInCurrentPeriod: true })] })),
    ).toEqual([]);
    expect(
      kinds(plan(at('12:00'), { config: { streakWarningThreshold: 7 }, habits: [habit()] })),
    ).toEqual([]);
  });

  it('waits until the slider hours have passed since the last completion', () => {
    const late = habit({ lastCompletedAt: ms('21:00', YESTERDAY) });
    expect(kinds(plan(at('12:00'), { habits: [late] }))).toEqual([]);
    // The daily nudges aside, the next rule to fire is the 18:00 protection hour.
    const nudgesOff = { randomReminders: false };
    expect(plan(at('12:00'), { habits: [late], config: nudgesOff }).nextWakeAt).toEqual(
      at('18:00'),
    );
    expect(kinds(plan(at('18:00'), { habits: [late] }))).toEqual(['streak-protection']);
    expect(kinds(plan(at('12:00'), { habits: [late], config: { streakRiskHours: 15 } }))).toEqual([
      'streak-protection',
    ]);
  });

  it('warns about a weekly streak only on the last day of its week', () => {
    const weekly = habit({ frequency: 'weekly', lastCompletedAt: ms('08:00', '2026-06-03') });
    expect(kinds(plan(at('12:00'), { habits: [weekly] }))).toEqual([]);
    const saturday = plan(at('12:00', '2026-06-13'), {
      habits: [weekly],
      activity: { lastAppOpen: null },
    });
    expect(saturday.due[0]?.body).toBe(
      '"Read" is on a 5-week streak. Complete it today to keep it going.',
    );
    expect(kinds(plan(at('12:00', '2026-06-13'), { habits: [weekly], weekStart: 1 }))).toEqual([]);
  });

  it('warns once per protection hour, and lists every streak at risk', () => {
    const sentToday = [{ kind: 'streak-protection' as const, at: ms('12:05') }];
    expect(kinds(plan(at('12:30'), { sentToday }))).toEqual([]);
    expect(kinds(plan(at('18:00'), { sentToday }))).toEqual(['streak-protection']);
    const habits = [habit(), habit({ id: 'h2', title: 'Run' }), habit({ id: 'h3', streak: 0 })];
    expect(plan(at('18:00'), { habits }).due).toEqual([
      expect.objectContaining({
        body: '2 streaks end tonight: Read, Run. Complete them to keep them going.',
        habitIds: ['h1', 'h2'],
      }),
    ]);
  });

  it('stays silent when switched off or when the hour is outside the window', () => {
    expect(kinds(plan(at('12:00'), { config: { streakReminders: false } }))).toEqual([]);
    expect(kinds(plan(at('08:00'), { config: { streakProtectionHours: [8] } }))).toEqual([]);
  });
});

describe('evening reminder', () => {
  const done = habit({ isCompletedInCurrentPeriod: true });
  const open = habit({ id: 'h2', title: 'Stretch', streak: 0 });

  it('reminds between 21:00 and 23:00 about open daily habits, without an idle gate', () => {
    const result = plan(at('21:30'), {
      habits: [done, open],
      activity: { lastInteraction: ms('21:29') },
    });
    expect(result.due).toEqual([
      {
        kind: 'evening',
        title: 'Evening check-in',
        body: 'You still have 1 daily habit open today. There is still time!',
        habitIds: ['h2'],
      },
    ]);
    expect(kinds(plan(at('20:59'), { habits: [done, open] }))).toEqual([]);
    expect(kinds(plan(at('22:59'), { habits: [done, open] }))).toEqual(['evening']);
    expect(kinds(plan(at('23:00'), { habits: [done, open] }))).toEqual([]);
  });

  it('is sent once a day, only for daily habits, and only when switched on', () => {
    const sentToday = [{ kind: 'evening' as const, at: ms('21:00') }];
    expect(kinds(plan(at('22:00'), { habits: [open], sentToday }))).toEqual([]);
    const weeklyOnly = [habit({ frequency: 'weekly', streak: 0 })];
    expect(kinds(plan(at('21:30'), { habits: weeklyOnly }))).toEqual([]);
    expect(
      kinds(plan(at('21:30'), { habits: [open], config: { eveningReminder: false } })),
    ).toEqual([]);
  });

  it('never names a resting habit (paused, on vacation, or skipped today)', () => {
    const resting = habit({ id: 'h3', title: 'Swim', streak: 0, isResting: true });
    const result = plan(at('21:30'), { habits: [open, resting] });
    expect(result.due.map((reminder) => reminder.habitIds)).toEqual([['h2']]);
    expect(kinds(plan(at('21:30'), { habits: [resting] }))).toEqual([]);
    // A resting streak is never at risk either.
    expect(kinds(plan(at('12:00'), { habits: [habit({ isResting: true })] }))).toEqual([]);
  });

  it('does not warn about a streak whose current period holds a rest day: it cannot break', () => {
    expect(kinds(plan(at('12:00'), { habits: [habit()] }))).toEqual(['streak-protection']);
    // Paused earlier in the period (a week's Monday, say): not resting today, but the streak
    // passes over the period.
    expect(kinds(plan(at('12:00'), { habits: [habit({ periodRests: true })] }))).toEqual([]);
  });

  it('counts towards the daily maximum', () => {
    const sentToday = [
      { kind: 'streak-protection' as const, at: ms('12:00') },
      { kind: 'streak-protection' as const, at: ms('18:00') },
    ];
    const result = plan(at('21:30'), { habits: [open], sentToday });
    expect(result.due).toEqual([]);
    expect(result.nextWakeAt).toEqual(at('00:00', '2026-06-11'));
  });
});

describe('daily maximum', () => {
  it('keeps the higher-priority reminder when two are due and one slot is left', () => {
    const config = { reminderTimeRange: { start: 9, end: 23 }, streakProtectionHours: [21] };
    const sentToday = [{ kind: 'startup' as const, at: ms('09:05') }];
    expect(kinds(plan(at('21:00'), { config }))).toEqual(['streak-protection', 'evening']);
    expect(kinds(plan(at('21:00'), { config, sentToday }))).toEqual(['streak-protection']);
    expect(kinds(plan(at('21:00'), { config: { ...config, maxRemindersPerDay: 1 } }))).toEqual([
      'streak-protection',
    ]);
  });

  it('ignores reminders sent on another local day', () => {
    const sentToday = [
      { kind: 'streak-protection' as const, at: ms('20:00', YESTERDAY) },
      { kind: 'evening' as const, at: ms('21:00', YESTERDAY) },
    ];
    expect(kinds(plan(at('12:00'), { sentToday }))).toEqual(['streak-protection']);
  });
});

describe('startup reminder', () => {
  const open = [habit({ streak: 0 })];
  const session = { sessionStartedAt: ms('10:00'), lastAppOpen: ms('10:00') };

  it('reminds 5 minutes into a session while habits are open', () => {
    expect(plan(at('10:05'), { habits: open, activity: session }).due).toEqual([
      {
        kind: 'startup',
        title: 'Ready for today?',
        body: 'You have 1 habit to do: Read.',
        habitIds: ['h1'],
      },
    ]);
    expect(plan(at('10:04'), { habits: open, activity: session })).toEqual({
      due: [],
      nextWakeAt: at('10:05'),
    });
    expect(kinds(plan(at('11:05'), { habits: open, activity: session }))).toEqual([]);
  });

  it('is sent once a day, inside the window, only with open habits and when switched on', () => {
    const sentToday = [{ kind: 'startup' as const, at: ms('09:00') }];
    expect(kinds(plan(at('10:05'), { habits: open, activity: session, sentToday }))).toEqual([]);
    const early = { sessionStartedAt: ms('07:00'), lastAppOpen: ms('07:00') };
    expect(kinds(plan(at('07:05'), { habits: open, activity: early }))).toEqual([]);
    const done = [habit({ isCompletedInCurrentPeriod: true })];
    expect(kinds(plan(at('10:05'), { habits: done, activity: session }))).toEqual([]);
    const config = { startupReminder: false };
    expect(kinds(plan(at('10:05'), { habits: open, activity: session, config }))).toEqual([]);
  });
});

describe('intelligent reminder', () => {
  const config = { randomReminders: true, streakReminders: false };
  const open = [habit({ streak: 0, lastCompletedAt: ms('09:00', YESTERDAY) })];

  it('is on by default: a day without completions gets its nudge with no switch touched', () => {
    const defaults = { streakReminders: false };
    expect(kinds(plan(at('14:30'), { config: defaults, habits: open }))).toEqual(['intelligent']);
    const off = { ...defaults, randomReminders: false };
    expect(kinds(plan(at('14:30'), { config: off, habits: open }))).toEqual([]);
  });

  it('nudges at a habitual hour with random minutes (random 0.5: 14:30)', () => {
    expect(plan(at('14:30'), { config, habits: open }).due).toEqual([
      {
        kind: 'intelligent',
        title: 'Time for your habits',
        body: '1 habit waiting for you: Read. A small step now keeps your progress going.',
        habitIds: ['h1'],
      },
    ]);
    expect(plan(at('14:29'), { config, habits: open })).toEqual({
      due: [],
      nextWakeAt: at('14:30'),
    });
    expect(kinds(plan(at('09:00'), { config, habits: open, random: () => 0 }))).toEqual([
      'intelligent',
    ]);
    expect(kinds(plan(at('19:59'), { config, habits: open, random: () => 0.999 }))).toEqual([
      'intelligent',
    ]);
  });

  it("uses the user's top hours, or the defaults without intelligent timing", () => {
    const habitCompletionTimes = { h1: [ms('11:00', YESTERDAY), ms('11:20', YESTERDAY)] };
    const activity = { habitCompletionTimes };
    expect(kinds(plan(at('11:00'), { config, habits: open, activity, random: () => 0 }))).toEqual([
      'intelligent',
    ]);
    const plain = { ...config, intelligentTiming: false };
    const result = plan(at('11:00'), { config: plain, habits: open, activity, random: () => 0 });
    expect(kinds(result)).toEqual([]);
  });

  it('needs 2 idle hours, no completion today and none in the last 6 hours', () => {
    const busy = { lastInteraction: ms('12:31') };
    expect(kinds(plan(at('14:30'), { config, habits: open, activity: busy }))).toEqual([]);
    const today = { lastHabitCompletion: ms('07:00') };
    expect(kinds(plan(at('14:30'), { config, habits: open, activity: today }))).toEqual([]);

    const night = { ...config, reminderTimeRange: { start: 0, end: 24 } };
    const times = { habitCompletionTimes: { h1: [ms('02:10', YESTERDAY)] } };
    const recent = { ...times, lastHabitCompletion: ms('22:00', YESTERDAY), lastAppOpen: null };
    const options = { config: night, habits: open, random: () => 0 };
    expect(kinds(plan(at('02:00'), { ...options, activity: recent }))).toEqual([]);
    const older = { ...recent, lastHabitCompletion: ms('20:00', YESTERDAY) };
    expect(kinds(plan(at('02:00'), { ...options, activity: older }))).toEqual(['intelligent']);
  });

  it('is skipped for users active on more than 80 % of the week, unless adaptive is off', () => {
    const dailySessions = Object.fromEntries(
      [0, 1, 2, 3, 4, 5].map((back) => [addDays(DAY, -back), 1]),
    );
    const activity = { dailySessions };
    expect(kinds(plan(at('14:30'), { config, habits: open, activity }))).toEqual([]);
    const fiveDays = {
      dailySessions: Object.fromEntries([0, 1, 2, 3, 4].map((b) => [addDays(DAY, -b), 1])),
    };
    expect(kinds(plan(at('14:30'), { config, habits: open, activity: fiveDays }))).toEqual([
      'intelligent',
    ]);
    const relaxed = { ...config, adaptiveFrequency: false };
    expect(kinds(plan(at('14:30'), { config: relaxed, habits: open, activity }))).toEqual([
      'intelligent',
    ]);
  });

  it('is sent once a day and only when daily reminders are on', () => {
    const sentToday = [{ kind: 'intelligent' as const, at: ms('10:00') }];
    expect(kinds(plan(at('14:30'), { config, habits: open, sentToday }))).toEqual([]);
    const off = { ...config, randomReminders: false };
    expect(kinds(plan(at('14:30'), { config: off, habits: open }))).toEqual([]);
  });

  it('has no time when no habitual hour fits the window', () => {
    const narrow = {
      ...config,
      reminderTimeRange: { start: 20, end: 21 },
      intelligentTiming: false,
    };
    expect(kinds(plan(at('20:30'), { config: narrow, habits: open }))).toEqual([]);
  });
});

describe('encouragement', () => {
  const config = { randomReminders: true, streakReminders: false };
  const habits = [
    habit({ isCompletedInCurrentPeriod: true, lastCompletedAt: ms('08:00') }),
    habit({ id: 'h2', title: 'Run', streak: 0, lastCompletedAt: null }),
  ];

  it('encourages 6 hours after a completion today (over 4 hours, then 2 more)', () => {
    expect(plan(at('14:00'), { config, habits }).due).toEqual([
      {
        kind: 'encouragement',
        title: 'Keep it going!',
        body: 'Nice work today! 1 habit still open: Run.',
        habitIds: ['h2'],
      },
    ]);
    expect(plan(at('13:59'), { config, habits }).nextWakeAt).toEqual(at('14:00'));
    expect(kinds(plan(at('15:00'), { config, habits }))).toEqual([]);
  });

  it('needs 2 idle hours and something still open', () => {
    const activity = { lastInteraction: ms('12:30') };
    expect(kinds(plan(at('14:00'), { config, habits, activity }))).toEqual([]);
    expect(plan(at('14:00'), { config, habits, activity }).nextWakeAt).toEqual(at('14:30'));
    const allDone = [habits[0] ?? habit()];
    expect(kinds(plan(at('14:00'), { config, habits: allDone }))).toEqual([]);
  });
});

describe('nextWakeAt', () => {
  it('is the next moment a rule can fire, else local midnight', () => {
    const config = { randomReminders: false };
    expect(plan(at('09:30'), { config }).nextWakeAt).toEqual(at('12:00'));
    expect(plan(at('12:00'), { config }).nextWakeAt).toEqual(at('18:00'));
    const done = [habit({ isCompletedInCurrentPeriod: true })];
    expect(plan(at('09:30'), { habits: done }).nextWakeAt).toEqual(at('00:00', '2026-06-11'));
  });

  it('crosses the spring-forward night in New York (2026-03-08)', () => {
    const options = {
      config: { randomReminders: false },
      habits: [habit({ lastCompletedAt: Date.parse('2026-03-07T08:00:00-05:00') })],
      activity: { lastAppOpen: Date.parse('2026-03-07T20:00:00-05:00') },
    };
    const evening = plan(new Date('2026-03-07T23:30:00-05:00'), options);
    expect(evening.nextWakeAt?.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    const midnight = plan(new Date('2026-03-08T00:00:00-05:00'), options);
    expect(midnight.nextWakeAt?.toISOString()).toBe('2026-03-08T16:00:00.000Z');
    const noon = plan(new Date('2026-03-08T16:00:00Z'), options);
    expect(kinds(noon)).toEqual(['streak-protection']);
    expect(noon.nextWakeAt?.toISOString()).toBe('2026-03-08T22:00:00.000Z');
    const done = { ...options, habits: [habit({ isCompletedInCurrentPeriod: true })] };
    const late = plan(new Date('2026-03-08T00:00:00-05:00'), done);
    expect(late.nextWakeAt?.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('crosses the spring-forward night in Berlin (2026-03-29)', () => {
    const options = {
      timeZone: 'Europe/Berlin',
      habits: [habit({ lastCompletedAt: Date.parse('2026-03-28T08:00:00+01:00') })],
      activity: { lastAppOpen: Date.parse('2026-03-28T20:00:00+01:00') },
    };
    const evening = plan(new Date('2026-03-28T23:30:00+01:00'), options);
    expect(evening.nextWakeAt?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    const midnight = plan(new Date('2026-03-29T00:00:00+01:00'), options);
    expect(midnight.nextWakeAt?.toISOString()).toBe('2026-03-29T10:00:00.000Z');
    const night = plan(new Date('2026-03-29T03:30:00+02:00'), options);
    expect(night.nextWakeAt?.toISOString()).toBe('2026-03-29T10:00:00.000Z');
    const startup = plan(new Date('2026-03-29T01:59:00+01:00'), {
      ...options,
      config: { reminderTimeRange: { start: 0, end: 21 } },
      habits: [habit({ streak: 0 })],
      activity: { sessionStartedAt: Date.parse('2026-03-29T01:58:00+01:00') },
    });
    expect(startup.nextWakeAt?.toISOString()).toBe('2026-03-29T01:03:00.000Z');
  });
});

describe('planner invariants (property)', () => {
  const kindArb = fc.constantFrom<ReminderKind>(
    'streak-protection',
    'evening',
    'startup',
    'intelligent',
    'encouragement',
  );
  const dayStart = ms('00:00');
  const instantArb = fc.integer({ min: dayStart, max: dayStart + 24 * HOUR - 1 });
  const optional = (arb: fc.Arbitrary<number>) => fc.option(arb, { nil: null });
  const habitArb = fc.record({
    id: fc.string({ minLength: 1, maxLength: 4 }),
    title: fc.constantFrom('Read', 'Run', 'Write'),
    frequency: fc.constantFrom('daily', 'weekly', 'monthly', 'yearly' as const),
    streak: fc.nat({ max: 10 }),
    isCompletedInCurrentPeriod: fc.constantFrom(false, false, true),
    lastCompletedAt: optional(fc.integer({ min: dayStart - 3 * 24 * HOUR, max: dayStart })),
  });
  const configArb = fc
    .record({
      start: fc.integer({ min: 0, max: 22 }),
      length: fc.integer({ min: 1, max: 24 }),
      max: fc.integer({ min: 1, max: 5 }),
      hours: fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 8 }),
      risk: fc.integer({ min: 1, max: 24 }),
      flags: fc.array(fc.constantFrom(true, true, false), { minLength: 6, maxLength: 6 }),
    })
    .map(({ start, length, max, hours, risk, flags }): ReminderConfig => ({
      ...DEFAULT_REMINDER_CONFIG,
      reminderTimeRange: { start, end: Math.min(24, start + length) },
      maxRemindersPerDay: max,
      streakProtectionHours: hours,
      streakRiskHours: risk,
      streakReminders: flags[0] ?? true,
      randomReminders: flags[1] ?? true,
      eveningReminder: flags[2] ?? true,
      startupReminder: flags[3] ?? true,
      intelligentTiming: flags[4] ?? true,
      adaptiveFrequency: flags[5] ?? true,
    }));
  // Activity times are generated as "how long before now", so that gates are met often.
  const agoArb = optional(fc.integer({ min: 0, max: 10 * HOUR }));
  const scenarioArb = fc.record({
    config: configArb,
    habits: fc.array(habitArb, { maxLength: 4 }),
    sent: fc.array(fc.record({ kind: kindArb, at: instantArb }), { maxLength: 3 }),
    now: instantArb,
    lastAppOpen: agoArb,
    lastHabitCompletion: agoArb,
    sessionStartedAt: optional(fc.integer({ min: 0, max: 2 * HOUR })),
    seed: fc.string(),
  });
  const before = (now: number, ago: number | null) => (ago === null ? null : now - ago);

  it('never exceeds the daily maximum, never leaves the window, and wakes up exactly', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const sentToday = s.sent
          .filter((sent) => sent.at <= s.now)
          .slice(0, s.config.maxRemindersPerDay);
        const options: PlanRemindersOptions = {
          config: s.config,
          permission: 'granted',
          activity: {
            ...idle,
            lastAppOpen: before(s.now, s.lastAppOpen),
            lastHabitCompletion: before(s.now, s.lastHabitCompletion),
            sessionStartedAt: before(s.now, s.sessionStartedAt),
          },
          habits: s.habits,
          sentToday,
          now: new Date(s.now),
          timeZone: TZ,
          random: seededRandom(s.seed),
        };
        const result = planReminders(options);
        expect(result.due.length + sentToday.length).toBeLessThanOrEqual(
          s.config.maxRemindersPerDay,
        );
        const hour = zonedTime(s.now, TZ).hour;
        for (const reminder of result.due) {
          const window =
            reminder.kind === 'evening' ? { start: 21, end: 23 } : s.config.reminderTimeRange;
          expect(hour).toBeGreaterThanOrEqual(window.start);
          expect(hour).toBeLessThan(window.end);
          expect(reminder.habitIds.length).toBeGreaterThan(0);
          if (reminder.kind !== 'streak-protection') {
            expect(sentToday.some((sent) => sent.kind === reminder.kind)).toBe(false);
          }
        }
        const wake = result.nextWakeAt?.getTime() ?? Infinity;
        const midnight = ms('00:00', '2026-06-11');
        expect(wake).toBeGreaterThan(s.now);
        expect(wake).toBeLessThanOrEqual(midnight);
        if (wake < midnight) {
          // Waking then (with `due` sent) finds something to send: no idle wake-ups.
          const sent = result.due.map((reminder) => ({ kind: reminder.kind, at: s.now }));
          const again = planReminders({
            ...options,
            now: new Date(wake),
            sentToday: [...sentToday, ...sent],
            random: seededRandom(s.seed),
          });
          expect(again.due.length).toBeGreaterThan(0);
          expect(localDateOf(wake, TZ)).toBe(DAY);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('over a whole simulated day, sends at most the maximum, each inside its window', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const sent: { kind: ReminderKind; at: number }[] = [];
        const midnight = ms('00:00', '2026-06-11');
        let now = dayStart;
        let wakes = 0;
        while (now < midnight) {
          wakes += 1;
          expect(wakes).toBeLessThan(40);
          const result = planReminders({
            config: s.config,
            permission: 'granted',
            activity: { ...idle, lastAppOpen: before(dayStart, s.lastAppOpen) },
            habits: s.habits,
            sentToday: sent,
            now: new Date(now),
            timeZone: TZ,
            random: seededRandom(s.seed),
          });
          sent.push(...result.due.map((reminder) => ({ kind: reminder.kind, at: now })));
          now = result.nextWakeAt?.getTime() ?? midnight;
        }
        expect(sent.length).toBeLessThanOrEqual(s.config.maxRemindersPerDay);
        for (const reminder of sent) {
          const hour = zonedTime(reminder.at, TZ).hour;
          const window =
            reminder.kind === 'evening' ? { start: 21, end: 23 } : s.config.reminderTimeRange;
          expect(hour >= window.start && hour < window.end).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
