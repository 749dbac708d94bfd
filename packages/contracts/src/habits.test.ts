import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HABIT_MESSAGES,
  scheduleIssue,
  zCompletion,
  zCompletionsQuery,
  zHabit,
  zHabitCreate,
  zHabitUpdate,
  zSetCompletion,
  zSetCompletionResult,
} from './habits';

const ID = '0b7e4c52-4c55-4f4e-9a55-2b1f6f1d3a10';
const OTHER_ID = '5d0c3f7a-1b2e-4c3d-8e9f-0a1b2c3d4e5f';
const PROGRESS = {
  level: 2,
  xp: 150,
  points: 75,
  streak: 3,
  xpIntoLevel: 50,
  xpForNextLevel: 150,
  percent: 33,
};
const COMPLETION = {
  id: OTHER_ID,
  habitId: ID,
  completionDate: '2024-03-05',
  periodKey: '2024-03-05',
  xpEarned: 10,
  pointsEarned: 5,
  completedAt: '2024-03-05T08:00:00.000Z',
};

function messagesOf(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('zHabit', () => {
  it('accepts the docs/ARCHITECTURE.md wire shape', () => {
    const habit = {
      id: ID,
      title: 'Read',
      description: null,
      frequency: 'weekly',
      categoryId: null,
      category: 'UNCATEGORIZED HABITS',
      xpOnComplete: 10,
      isRecurring: false,
      specificDate: '2024-03-05',
      color: '#10b981',
      icon: 'target',
      streak: 0,
      bestStreak: 4,
      lastCompletedAt: null,
      createdAt: '2024-03-01T10:00:00.000Z',
      countsFrom: '2024-02-27',
      pause: null,
    };
    expect(zHabit.parse(habit)).toEqual(habit);
    const paused = { ...habit, pause: { startsOn: '2024-03-02', resumesOn: null } };
    expect(zHabit.parse(paused)).toEqual(paused);
    expect(zHabit.safeParse({ ...habit, pause: undefined }).success).toBe(false);
    expect(zHabit.safeParse({ ...habit, streak: -1 }).success).toBe(false);
    expect(zHabit.safeParse({ ...habit, frequency: 'hourly' }).success).toBe(false);
    expect(zHabit.safeParse({ ...habit, countsFrom: undefined }).success).toBe(false);
  });
});

describe('zHabitCreate', () => {
  it('fills the defaults of a new habit', () => {
    expect(zHabitCreate.parse({ title: '  Drink water ' })).toEqual({
      title: 'Drink water',
      description: null,
      frequency: 'daily',
      categoryId: null,
      xpOnComplete: 10,
      isRecurring: true,
      specificDate: null,
      color: '#10b981',
      icon: 'target',
    });
  });

  it('keeps what is given', () => {
    const habit = zHabitCreate.parse({
      title: 'Tax return',
      description: ' File it ',
      frequency: 'yearly',
      categoryId: ID,
      xpOnComplete: 100,
      isRecurring: false,
      specificDate: '2024-04-15',
      color: '#6B7280',
      icon: '📄',
    });
    expect(habit).toMatchObject({ description: 'File it', xpOnComplete: 100, icon: '📄' });
    expect(habit.specificDate).toBe('2024-04-15');
  });

  it('refuses a missing, blank or huge title', () => {
    expect(messagesOf(zHabitCreate.safeParse({}))).toHaveLength(1);
    expect(messagesOf(zHabitCreate.safeParse({ title: '   ' }))).toEqual(['Title is required']);
    expect(zHabitCreate.safeParse({ title: 'x'.repeat(200) }).success).toBe(true);
    expect(zHabitCreate.safeParse({ title: 'x'.repeat(201) }).success).toBe(false);
    expect(zHabitCreate.safeParse({ title: 'x'.repeat(1_000_000) }).success).toBe(false);
    expect(zHabitCreate.safeParse({ title: 42 }).success).toBe(false);
  });

  it('bounds XP to whole numbers 1–100 (docs/decisions.md)', () => {
    fc.assert(
      fc.property(fc.double(), (xp) => {
        const isValid = Number.isInteger(xp) && xp >= 1 && xp <= 100;
        expect(zHabitCreate.safeParse({ title: 'a', xpOnComplete: xp }).success).toBe(isValid);
      }),
    );
    expect(zHabitCreate.safeParse({ title: 'a', xpOnComplete: '10' }).success).toBe(false);
  });

  it('needs a specific date exactly when the habit is not recurring', () => {
    expect(messagesOf(zHabitCreate.safeParse({ title: 'a', isRecurring: false }))).toEqual([
      HABIT_MESSAGES.dateRequired,
    ]);
    expect(
      messagesOf(
        zHabitCreate.safeParse({ title: 'a', isRecurring: true, specificDate: '2024-01-01' }),
      ),
    ).toEqual([HABIT_MESSAGES.dateForbidden]);
    const issue = zHabitCreate.safeParse({ title: 'a', specificDate: '2024-01-01' }).error
      ?.issues[0];
    expect(issue?.path).toEqual(['specificDate']);
  });

  it('refuses malformed dates without running the schedule rule on them', () => {
    const result = zHabitCreate.safeParse({
      title: 'a',
      isRecurring: false,
      specificDate: '2023-02-29',
    });
    expect(messagesOf(result)).toEqual([
      'The date must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)',
    ]);
  });

  it('refuses bad fields and unknown keys', () => {
    for (const extra of [
      { frequency: 'hourly' },
      { categoryId: 'not-an-id' },
      { color: 'green' },
      { icon: '' },
      { icon: 'x'.repeat(33) },
      { description: 'x'.repeat(2001) },
      { isRecurring: 'yes' },
      { userId: ID },
      { xp_reward: 10 },
    ]) {
      expect(zHabitCreate.safeParse({ title: 'a', ...extra }).success).toBe(false);
    }
  });
});

describe('zHabitUpdate', () => {
  it('takes any single field with the create bounds', () => {
    expect(zHabitUpdate.parse({ title: ' New ' })).toEqual({ title: 'New' });
    expect(zHabitUpdate.parse({ xpOnComplete: 100 })).toEqual({ xpOnComplete: 100 });
    expect(zHabitUpdate.parse({ description: '' })).toEqual({ description: null });
    expect(zHabitUpdate.parse({ categoryId: null })).toEqual({ categoryId: null });
    expect(zHabitUpdate.safeParse({ xpOnComplete: 101 }).success).toBe(false);
    expect(zHabitUpdate.safeParse({ xpOnComplete: 0 }).success).toBe(false);
    expect(zHabitUpdate.safeParse({ title: ' ' }).success).toBe(false);
  });

  it('refuses an empty patch and unknown keys', () => {
    expect(messagesOf(zHabitUpdate.safeParse({}))).toEqual(['Send at least one field to change']);
    expect(zHabitUpdate.safeParse({ title: 'a', streak: 99 }).success).toBe(false);
  });

  it('judges the schedule pair when the patch names both halves', () => {
    expect(zHabitUpdate.safeParse({ isRecurring: false }).success).toBe(true);
    expect(zHabitUpdate.safeParse({ specificDate: '2024-01-01' }).success).toBe(true);
    expect(zHabitUpdate.safeParse({ isRecurring: true, specificDate: null }).success).toBe(true);
    expect(zHabitUpdate.safeParse({ isRecurring: false, specificDate: null }).success).toBe(false);
    expect(zHabitUpdate.safeParse({ isRecurring: true, specificDate: '2024-01-01' }).success).toBe(
      false,
    );
  });
});

describe('scheduleIssue', () => {
  it('names what is wrong, or nothing', () => {
    expect(scheduleIssue({ isRecurring: true, specificDate: null })).toBeNull();
    expect(scheduleIssue({ isRecurring: false, specificDate: '2024-01-01' })).toBeNull();
    expect(scheduleIssue({ isRecurring: false, specificDate: null })).toBe(
      HABIT_MESSAGES.dateRequired,
    );
    expect(scheduleIssue({ isRecurring: true, specificDate: '2024-01-01' })).toBe(
      HABIT_MESSAGES.dateForbidden,
    );
    expect(scheduleIssue({})).toBeNull();
  });
});

describe('completions', () => {
  it('zCompletion accepts the wire shape and refuses a bad date', () => {
    expect(zCompletion.parse(COMPLETION)).toEqual(COMPLETION);
    expect(zCompletion.safeParse({ ...COMPLETION, completionDate: '2024-02-30' }).success).toBe(
      false,
    );
    expect(zCompletion.safeParse({ ...COMPLETION, xpEarned: -1 }).success).toBe(false);
  });

  it('zSetCompletion takes only a boolean', () => {
    expect(zSetCompletion.parse({ completed: false })).toEqual({ completed: false });
    for (const body of [{}, { completed: 'true' }, { completed: 1 }, { completed: true, xp: 5 }]) {
      expect(zSetCompletion.safeParse(body).success).toBe(false);
    }
  });

  it('zSetCompletionResult carries the completion or null, and progress', () => {
    const added = { added: true, completion: COMPLETION, progress: PROGRESS };
    expect(zSetCompletionResult.parse(added)).toEqual(added);
    const removed = { added: false, completion: null, progress: { ...PROGRESS, leveledUp: false } };
    expect(zSetCompletionResult.parse(removed)).toEqual(removed);
    expect(zSetCompletionResult.safeParse({ added: true, progress: PROGRESS }).success).toBe(false);
  });
});

describe('zCompletionsQuery', () => {
  it('accepts an ordered range of up to 400 days', () => {
    expect(zCompletionsQuery.parse({ from: '2024-03-01', to: '2024-03-01' })).toEqual({
      from: '2024-03-01',
      to: '2024-03-01',
    });
    expect(zCompletionsQuery.safeParse({ from: '2024-01-01', to: '2025-02-03' }).success).toBe(
      true,
    );
    expect(zCompletionsQuery.safeParse({ from: '2024-01-01', to: '2025-02-04' }).success).toBe(
      false,
    );
  });

  it('refuses reversed, overlong and malformed ranges with a clear message', () => {
    expect(
      messagesOf(zCompletionsQuery.safeParse({ from: '2024-03-02', to: '2024-03-01' })),
    ).toEqual([HABIT_MESSAGES.rangeOrder]);
    expect(
      messagesOf(zCompletionsQuery.safeParse({ from: '2000-01-01', to: '2024-03-01' })),
    ).toEqual([HABIT_MESSAGES.rangeTooLong]);
    expect(
      messagesOf(zCompletionsQuery.safeParse({ from: '2023-02-29', to: '2024-03-01' })),
    ).toEqual(['The date must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)']);
    expect(zCompletionsQuery.safeParse({ from: '2024-03-01' }).success).toBe(false);
  });
});
