import { describe, expect, it } from 'vitest';
import { dueAt, REMINDER_TEXTS, streakRisk, type RuleContext } from './rules';
import { DEFAULT_REMINDER_CONFIG, type ReminderHabit } from './plan';

function habit(id: string, overrides: Partial<ReminderHabit> = {}): ReminderHabit {
  return {
    id,
    title: id,
    frequency: 'daily',
    streak: 4,
    isCompletedInCurrentPeriod: false,
    lastCompletedAt: null,
    ...overrides,
  };
}

describe('streakRisk', () => {
  it('is at risk once the slider hours (default 20) have passed', () => {
    expect(streakRisk(0)).toBe('safe');
    expect(streakRisk(19.99)).toBe('safe');
    expect(streakRisk(20)).toBe('at-risk');
    expect(streakRisk(30)).toBe('at-risk');
    expect(streakRisk(Infinity)).toBe('at-risk');
    expect(streakRisk(5, 6)).toBe('safe');
    expect(streakRisk(6, 6)).toBe('at-risk');
    expect(streakRisk(1, 1)).toBe('at-risk');
  });
});

describe('REMINDER_TEXTS', () => {
  it('names the streak unit of each frequency', () => {
    const body = REMINDER_TEXTS['streak-protection'].body;
    expect(body([habit('Budget', { frequency: 'monthly', streak: 6 })])).toBe(
      '"Budget" is on a 6-month streak. Complete it today to keep it going.',
    );
    expect(body([habit('Check-up', { frequency: 'yearly', streak: 3 })])).toBe(
      '"Check-up" is on a 3-year streak. Complete it today to keep it going.',
    );
  });

  it('shortens long lists to three names and a count', () => {
    const five = ['Read', 'Run', 'Write', 'Cook', 'Call'].map((id) => habit(id));
    expect(REMINDER_TEXTS['streak-protection'].body(five)).toBe(
      '5 streaks end tonight: Read, Run, Write and 2 more. Complete them to keep them going.',
    );
    expect(REMINDER_TEXTS.startup.body(five)).toBe(
      'You have 5 habits to do: Read, Run, Write and 2 more.',
    );
    expect(REMINDER_TEXTS.evening.body(five)).toBe(
      'You still have 5 daily habits open today. There is still time!',
    );
    expect(REMINDER_TEXTS.intelligent.body(five.slice(0, 2))).toBe(
      '2 habits waiting for you: Read, Run. A small step now keeps your progress going.',
    );
    expect(REMINDER_TEXTS.encouragement.body(five.slice(0, 3))).toBe(
      'Nice work today! 3 habits still open: Read, Run, Write.',
    );
  });
});

describe('dueAt', () => {
  // 2026-06-10 21:30 in UTC: the evening window, and a protection hour of 21 in a wide window.
  const t = Date.UTC(2026, 5, 10, 21, 30);
  const context: RuleContext = {
    config: {
      ...DEFAULT_REMINDER_CONFIG,
      reminderTimeRange: { start: 8, end: 23 },
      streakProtectionHours: [21],
      maxRemindersPerDay: 3,
    },
    habits: [habit('a')],
    sent: [],
    today: '2026-06-10',
    timeZone: 'UTC',
    weekStart: 0,
    lastActive: null,
    lastCompletion: null,
    sessionStartedAt: Date.UTC(2026, 5, 10, 21, 20),
    intelligentAt: null,
    weeklyScore: 0,
  };

  it('orders reminders by priority and cuts at the room left for the day', () => {
    expect(dueAt(context, t).map((r) => r.kind)).toEqual([
      'streak-protection',
      'evening',
      'startup',
    ]);
    const oneLeft = {
      ...context,
      sent: [
        { kind: 'intelligent' as const, at: t - 60_000 },
        { kind: 'encouragement' as const, at: t - 120_000 },
      ],
    };
    expect(dueAt(oneLeft, t).map((r) => r.kind)).toEqual(['streak-protection']);
    const full = { ...context, config: { ...context.config, maxRemindersPerDay: 0 } };
    expect(dueAt(full, t)).toEqual([]);
  });
});
