import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import {
  zBackupData,
  type BackupCategory,
  type BackupCompletion,
  type BackupData,
  type BackupHabit,
  type BackupInventoryItem,
  type BackupPause,
  type BackupReward,
} from './schema';
import { emptyBackupData, goalsOf } from './export-file';
import { mergeData, replaceData } from './merge';
import { FREQUENCIES, periodKey, type Frequency, type WeekStart } from '../periods';

function completion(date: string, xpEarned = 10, frequency: Frequency = 'daily'): BackupCompletion {
  return {
    completionDate: date,
    periodKey: periodKey(date, frequency),
    xpEarned,
    pointsEarned: Math.floor(xpEarned / 2),
    completedAt: `${date}T09:00:00.000Z`,
  };
}

function habit(id: string, overrides: Partial<BackupHabit> = {}): BackupHabit {
  return {
    id,
    name: `Habit ${id}`,
    description: null,
    frequency: 'daily',
    category: null,
    xpOnComplete: 10,
    isRecurring: true,
    specificDate: null,
    color: '#10b981',
    icon: 'target',
    createdAt: '2024-01-01T08:00:00.000Z',
    completions: [],
    ...overrides,
  };
}

function category(name: string, monthlyTargetXp = 100, isFallback = false): BackupCategory {
  return { name, color: '#6366f1', monthlyTargetXp, isFallback };
}

function reward(id: string, name: string, cost = 100): BackupReward {
  const fields = { description: null, category: null, icon: null, rarity: null };
  return { id, name, cost, keepInShop: false, ...fields };
}

function item(name: string, redeemedAt: string, cost = 100): BackupInventoryItem {
  return { name, cost, redeemedAt, description: null, icon: null, rarity: null };
}

function data(overrides: Partial<BackupData>): BackupData {
  const merged = { ...emptyBackupData(), ...overrides };
  return { ...merged, goals: goalsOf(merged.categories) };
}

describe('replaceData', () => {
  it('returns the incoming data and its totals', () => {
    const current = data({ habits: [habit('old')], points: 500 });
    const incoming = data({
      habits: [habit('a', { completions: [completion('2024-01-02')] }), habit('b')],
      categories: [category('HEALTH')],
      shop: [reward('r1', 'Coffee')],
      inventory: [item('Movie', '2024-01-03T20:00:00.000Z')],
      points: 40,
      totalXP: 120,
    });
    expect(replaceData(current, incoming)).toEqual({
      data: incoming,
      summary: {
        habits: 2,
        categories: 1,
        rewards: 1,
        inventory: 1,
        completions: 1,
        points: 40,
        xp: 120,
      },
    });
  });
});

describe('mergeData', () => {
  it('adds a new habit with its completions, and their XP and points', () => {
    const current = data({ habits: [habit('a')], points: 100, totalXP: 300 });
    const added = habit('b', { completions: [completion('2024-01-02', 21)] });
    const { data: merged, summary } = mergeData(current, data({ habits: [added], points: 9999 }));
    expect(merged.habits).toEqual([habit('a'), added]);
    expect(merged.points).toBe(110);
    expect(merged.totalXP).toBe(321);
    expect(summary).toEqual({
      habits: 1,
      categories: 0,
      rewards: 0,
      inventory: 0,
      completions: 1,
      points: 10,
      xp: 21,
    });
  });

  it('updates a habit of the same id and joins its completions by period key', () => {
    const mine = completion('2024-01-02', 10);
    const current = data({ habits: [habit('a', { name: 'Old', completions: [mine] })] });
    const clash = { ...completion('2024-01-02', 50), completedAt: '2024-01-02T23:00:00.000Z' };
    const fresh = completion('2024-01-03', 30);
    const incoming = data({ habits: [habit('a', { name: 'New', completions: [clash, fresh] })] });
    const { data: merged, summary } = mergeData(current, incoming);
    expect(merged.habits).toEqual([habit('a', { name: 'New', completions: [mine, fresh] })]);
    expect(summary).toMatchObject({ habits: 0, completions: 1, xp: 30, points: 15 });
    expect(merged.totalXP).toBe(30);
  });

  it("keeps the user's frequency and completions when the file's frequency differs", () => {
    const mine = habit('a', { frequency: 'daily', completions: [completion('2024-01-02')] });
    const theirs = habit('a', {
      frequency: 'weekly',
      name: 'Renamed',
      completions: [completion('2024-01-09', 10, 'weekly')],
    });
    const { data: merged, summary } = mergeData(
      data({ habits: [mine] }),
      data({ habits: [theirs] }),
    );
    expect(merged.habits).toEqual([
      { ...theirs, frequency: 'daily', completions: mine.completions },
    ]);
    expect(summary.completions).toBe(0);
  });

  it('merges the shop by name: the file wins, the reward keeps its id', () => {
    const current = data({ shop: [reward('r1', 'Coffee', 50), reward('r2', 'Movie')] });
    const incoming = data({ shop: [reward('x9', '  coffee ', 80), reward('x8', 'Book', 30)] });
    const { data: merged, summary } = mergeData(current, incoming);
    expect(merged.shop).toEqual([
      reward('r1', '  coffee ', 80),
      reward('r2', 'Movie'),
      reward('x8', 'Book', 30),
    ]);
    expect(summary.rewards).toBe(1);
  });

  it('pairs rewards of a repeated name one to one', () => {
    const current = data({ shop: [reward('r1', 'Tea', 10)] });
    const incoming = data({ shop: [reward('x1', 'Tea', 20), reward('x2', 'tea', 30)] });
    expect(mergeData(current, incoming).data.shop).toEqual([
      reward('r1', 'Tea', 20),
      reward('x2', 'tea', 30),
    ]);
  });

  it('de-duplicates the inventory by name and redemption time, and charges what is added', () => {
    const current = data({ inventory: [item('Movie', '2024-01-03T20:00:00.000Z')], points: 500 });
    const incoming = data({
      inventory: [
        item('movie', '2024-01-03T21:00:00+01:00'),
        item('Movie', '2024-01-04T20:00:00.000Z', 70),
        item('Movie', '2024-01-04T20:00:00.000Z', 70),
      ],
    });
    const { data: merged, summary } = mergeData(current, incoming);
    expect(merged.inventory).toEqual([
      item('Movie', '2024-01-03T20:00:00.000Z'),
      item('Movie', '2024-01-04T20:00:00.000Z', 70),
    ]);
    expect(merged.points).toBe(430);
    expect(summary).toMatchObject({ inventory: 1, points: -70, xp: 0 });
  });

  it('unions categories by name, the file setting the target, and rebuilds the goals', () => {
    const current = data({
      categories: [category('HEALTH', 350), category('UNCATEGORIZED HABITS', 100, true)],
    });
    const incoming = data({ categories: [category('HEALTH', 500), category('FUN', 50, true)] });
    const { data: merged, summary } = mergeData(current, incoming);
    expect(merged.categories).toEqual([
      category('HEALTH', 500),
      category('UNCATEGORIZED HABITS', 100, true),
      category('FUN', 50, false),
    ]);
    expect(merged.goals).toEqual({ HEALTH: 500, 'UNCATEGORIZED HABITS': 100, FUN: 50 });
    expect(summary.categories).toBe(1);
  });

  it('takes the fallback category from the file when the user has none', () => {
    const incoming = data({ categories: [category('UNCATEGORIZED HABITS', 100, true)] });
    expect(mergeData(emptyBackupData(), incoming).data.categories).toEqual(incoming.categories);
  });

  it("keeps the user's settings and only adds the keys they lack", () => {
    const current = data({ settings: { theme: 'dark', volume: 0.5 } });
    const incoming = data({ settings: { theme: 'light', weekStart: 1 } });
    expect(mergeData(current, incoming).data.settings).toEqual({
      theme: 'dark',
      volume: 0.5,
      weekStart: 1,
    });
  });
});

describe('mergeData: rest days', () => {
  const weekly = (id: string, dates: string[]) =>
    habit(id, {
      frequency: 'weekly',
      completions: dates.map((date) => completion(date, 10, 'weekly')),
    });

  it("keeps both sides' skips, pauses and vacations, overlapping ranges joined", () => {
    const current = data({
      habits: [habit('a'), habit('b')],
      skips: [{ habitId: 'a', date: '2024-01-02' }],
      pauses: [{ habitId: 'b', startsOn: '2024-01-05', endsOn: '2024-01-09' }],
      vacations: [{ startsOn: '2024-02-01', endsOn: '2024-02-07' }],
    });
    const incoming = data({
      habits: [habit('a'), habit('c')],
      skips: [
        { habitId: 'a', date: '2024-01-02' },
        { habitId: 'a', date: '2024-01-03' },
        { habitId: 'c', date: '2024-01-02' },
      ],
      pauses: [
        { habitId: 'b', startsOn: '2024-01-05', endsOn: '2024-01-09' },
        { habitId: 'b', startsOn: '2024-01-07', endsOn: null },
        { habitId: 'c', startsOn: '2024-03-01', endsOn: null },
        { habitId: 'c', startsOn: '2024-03-05', endsOn: '2024-03-06' },
      ],
      vacations: [
        { startsOn: '2024-02-01', endsOn: '2024-02-07' },
        { startsOn: '2024-02-03', endsOn: '2024-02-10' },
        { startsOn: '2024-02-11', endsOn: '2024-02-12' },
      ],
    });
    const { data: merged, summary } = mergeData(current, incoming);
    expect(merged.skips).toEqual([
      { habitId: 'a', date: '2024-01-02' },
      { habitId: 'a', date: '2024-01-03' },
      { habitId: 'c', date: '2024-01-02' },
    ]);
    // The days that rest are the union of both sides'; ranges that share a day become one, so a
    // habit's pauses never disagree on when it resumes. One range inside another adds nothing;
    // ranges that only touch stay apart.
    expect(merged.pauses).toEqual([
      { habitId: 'b', startsOn: '2024-01-05', endsOn: null },
      { habitId: 'c', startsOn: '2024-03-01', endsOn: null },
    ]);
    expect(merged.vacations).toEqual([
      { startsOn: '2024-02-01', endsOn: '2024-02-10' },
      { startsOn: '2024-02-11', endsOn: '2024-02-12' },
    ]);
    expect(zBackupData.safeParse(merged).error).toBeUndefined();
    // Rest earns nothing.
    expect(summary).toMatchObject({ points: 0, xp: 0, completions: 0 });
  });

  it("resumes a habit when the user's pause and the file's meet: the later resume wins", () => {
    // Paused until resumed in the file; the user has since set it to resume tomorrow.
    const current = data({
      habits: [habit('a')],
      pauses: [{ habitId: 'a', startsOn: '2026-01-01', endsOn: '2026-01-01' }],
    });
    const incoming = data({
      habits: [habit('a')],
      pauses: [{ habitId: 'a', startsOn: '2026-01-01', endsOn: null }],
    });
    expect(mergeData(current, incoming).data.pauses).toEqual([
      { habitId: 'a', startsOn: '2026-01-01', endsOn: null },
    ]);
    expect(mergeData(incoming, current).data.pauses).toEqual([
      { habitId: 'a', startsOn: '2026-01-01', endsOn: null },
    ]);
  });

  it('cuts a joined vacation longer than a file allows into pieces that import again', () => {
    const current = data({ vacations: [{ startsOn: '2024-01-01', endsOn: '2024-12-31' }] });
    const incoming = data({ vacations: [{ startsOn: '2024-12-01', endsOn: '2025-01-10' }] });
    const once = mergeData(current, incoming).data;
    expect(once.vacations).toEqual([
      { startsOn: '2024-01-01', endsOn: '2024-12-31' },
      { startsOn: '2025-01-01', endsOn: '2025-01-10' },
    ]);
    expect(zBackupData.safeParse(once).error).toBeUndefined();
    expect(mergeData(once, incoming).data).toEqual(once);
  });

  it('drops a skip of a period the merged data completes, on either side', () => {
    const current = data({
      habits: [habit('a')],
      skips: [{ habitId: 'a', date: '2024-01-02' }],
    });
    const incoming = data({
      habits: [habit('a', { completions: [completion('2024-01-02')] }), habit('b')],
      skips: [
        { habitId: 'b', date: '2024-01-04' },
        { habitId: 'a', date: '2024-01-05' },
      ],
    });
    const mine = data({ habits: [habit('a', { completions: [completion('2024-01-05')] })] });
    expect(mergeData(current, incoming).data.skips).toEqual([
      { habitId: 'b', date: '2024-01-04' },
      { habitId: 'a', date: '2024-01-05' },
    ]);
    expect(mergeData(mine, incoming).data.skips).toEqual([{ habitId: 'b', date: '2024-01-04' }]);
  });

  it('tells weekly periods by the week start, and keeps one skip per period', () => {
    // Sunday 2024-01-07 and Monday 2024-01-08: one week when weeks start on Sunday, two on Monday.
    const current = data({ habits: [weekly('w', ['2024-01-08'])] });
    const incoming = data({
      habits: [weekly('w', [])],
      skips: [{ habitId: 'w', date: '2024-01-07' }],
    });
    expect(mergeData(current, incoming, 1).data.skips).toEqual([
      { habitId: 'w', date: '2024-01-07' },
    ]);
    expect(mergeData(current, incoming, 0).data.skips).toEqual([]);
    // The week start of the user's settings, when none is given.
    const monday = data({ ...current, settings: { weekStart: 1 } });
    expect(mergeData(monday, incoming).data.skips).toEqual([{ habitId: 'w', date: '2024-01-07' }]);

    // Tuesday 2024-01-09 already rests the Sunday week holding the 7th: the file's skip adds nothing.
    const skipped = data({
      habits: [weekly('w', [])],
      skips: [{ habitId: 'w', date: '2024-01-09' }],
    });
    expect(mergeData(skipped, incoming, 0).data.skips).toEqual([
      { habitId: 'w', date: '2024-01-09' },
    ]);
    expect(mergeData(skipped, incoming, 1).data.skips).toEqual([
      { habitId: 'w', date: '2024-01-09' },
      { habitId: 'w', date: '2024-01-07' },
    ]);
  });
});

// Small pools of ids and names, so that generated data sets overlap and merges have work to do.
const HABIT_IDS = ['h1', 'h2', 'h3', 'h4'];
const CATEGORY_NAMES = ['HEALTH', 'CAREER', 'FUN', 'UNCATEGORIZED HABITS'];
const REWARD_NAMES = ['Coffee', 'coffee', ' Movie', 'Book'];
const INSTANTS = ['2024-01-03T20:00:00.000Z', '2024-01-03T21:00:00+01:00', '2024-02-01T00:00:00Z'];

const completionsArb = (frequency: Frequency) =>
  fc
    .uniqueArray(
      fc.record({
        day: fc.integer({ min: 0, max: 60 }),
        weekStart: fc.integer({ min: 0, max: 6 }),
        xp: fc.integer({ min: 1, max: 100 }),
      }),
      {
        maxLength: 5,
        selector: ({ day, weekStart }) =>
          periodKey(addDays('2024-01-01', day), frequency, weekStart as WeekStart),
      },
    )
    .map((entries) =>
      entries.map(({ day, weekStart, xp }) => {
        const date = addDays('2024-01-01', day);
        return {
          ...completion(date, xp),
          periodKey: periodKey(date, frequency, weekStart as WeekStart),
        };
      }),
    );

const habitArb = (id: string, categoryNames: string[]) =>
  fc
    .record({
      name: fc.constantFrom('Read', 'Run'),
      frequency: fc.constantFrom(...FREQUENCIES),
      category: fc.constantFrom(null, ...categoryNames),
    })
    .chain((fields) =>
      completionsArb(fields.frequency).map((completions) => habit(id, { ...fields, completions })),
    );

const rewardArb = fc
  .tuple(fc.constantFrom('r1', 'r2', 'r3'), fc.constantFrom(...REWARD_NAMES), fc.nat(500))
  .map(([id, name, cost]) => reward(id, name, cost + 1));

const itemArb = fc
  .tuple(fc.constantFrom('Movie', 'movie', 'Tea'), fc.constantFrom(...INSTANTS), fc.nat(500))
  .map(([name, redeemedAt, cost]) => item(name, redeemedAt, cost));

const dataArb: fc.Arbitrary<BackupData> = fc
  .uniqueArray(fc.constantFrom(...CATEGORY_NAMES), { maxLength: 4 })
  .chain((names) =>
    fc.record({
      categories: fc.tuple(
        ...names.map((name) =>
          fc.nat(1000).map((target) => category(name, target, name === 'UNCATEGORIZED HABITS')),
        ),
      ),
      habits: fc
        .uniqueArray(fc.constantFrom(...HABIT_IDS), { maxLength: 4 })
        .chain((ids) => fc.tuple(...ids.map((id) => habitArb(id, names)))),
      shop: fc.array(rewardArb, { maxLength: 4 }),
      inventory: fc.array(itemArb, { maxLength: 4 }),
      points: fc.integer({ min: -1000, max: 100_000 }),
      totalXP: fc.nat(100_000),
      settings: fc.dictionary(fc.constantFrom('theme', 'volume', 'weekStart'), fc.jsonValue()),
    }),
  )
  .chain((fields) => {
    const habits = [...fields.habits];
    return restArb(habits).map((rest) =>
      data({ ...fields, ...rest, categories: [...fields.categories], habits }),
    );
  });

/**
 * Rest days of the generated habits, as the server keeps them: one skip per period and none in a
 * completed one (under the default week start, which the properties merge with), and ranges
 * whose end is not before their start.
 */
function restArb(habits: readonly BackupHabit[]) {
  const day = fc.integer({ min: 0, max: 60 }).map((offset) => addDays('2024-01-01', offset));
  const range = fc
    .tuple(day, fc.integer({ min: 0, max: 20 }))
    .map(([startsOn, length]) => ({ startsOn, endsOn: addDays(startsOn, length) }));
  const ids = habits.map((item) => item.id);
  const noHabits = fc.constant<{ habitId: string; date: string }[]>([]);
  const skipsArb =
    ids.length === 0
      ? noHabits
      : fc
          .array(fc.record({ habitId: fc.constantFrom(...ids), date: day }), { maxLength: 6 })
          .map((skips) => {
            const rested = new Set<string>();
            return skips.filter((skip) => {
              const owner = habits.find((item) => item.id === skip.habitId);
              if (owner === undefined) return false;
              const key = periodKey(skip.date, owner.frequency);
              const isDone = owner.completions.some(
                (done) => periodKey(done.completionDate, owner.frequency) === key,
              );
              if (isDone || rested.has(`${skip.habitId} ${key}`)) return false;
              rested.add(`${skip.habitId} ${key}`);
              return true;
            });
          });
  const pausesArb =
    ids.length === 0
      ? fc.constant<BackupPause[]>([])
      : fc.array<BackupPause>(
          fc
            .tuple(fc.constantFrom(...ids), range, fc.boolean())
            .map(([habitId, { startsOn, endsOn }, isOpen]) => ({
              habitId,
              startsOn,
              endsOn: isOpen ? null : endsOn,
            })),
          { maxLength: 3 },
        );
  return fc.record({
    skips: skipsArb,
    pauses: pausesArb,
    vacations: fc.array(range, { maxLength: 3 }),
  });
}

/** The days a list of ranges holds, an open end counted up to a day past every generated date. */
function daysOf(ranges: readonly { startsOn: string; endsOn: string | null }[]): string[] {
  const days = new Set<string>();
  for (const range of ranges)
    for (let day = range.startsOn; day <= (range.endsOn ?? '2024-12-31'); day = addDays(day, 1))
      days.add(day);
  return [...days].sort();
}

function shareADay(
  a: { startsOn: string; endsOn: string | null },
  b: { startsOn: string; endsOn: string | null },
): boolean {
  return (
    (a.endsOn === null || b.startsOn <= a.endsOn) && (b.endsOn === null || a.startsOn <= b.endsOn)
  );
}

describe('mergeData properties', () => {
  it('generates valid data, and merging valid data gives valid data', () => {
    fc.assert(
      fc.property(dataArb, dataArb, (a, b) => {
        expect(zBackupData.safeParse(a).success).toBe(true);
        expect(zBackupData.safeParse(mergeData(a, b).data).error).toBeUndefined();
      }),
    );
  });

  it('merging data into itself changes nothing and adds nothing', () => {
    fc.assert(
      fc.property(dataArb, (x) => {
        const { data: merged, summary } = mergeData(x, x);
        expect(merged).toEqual(x);
        expect(summary).toEqual({
          habits: 0,
          categories: 0,
          rewards: 0,
          inventory: 0,
          completions: 0,
          points: 0,
          xp: 0,
        });
      }),
    );
  });

  it('is idempotent: merging the same file twice is merging it once', () => {
    fc.assert(
      fc.property(dataArb, dataArb, (a, b) => {
        const once = mergeData(a, b).data;
        const twice = mergeData(once, b);
        expect(twice.data).toEqual(once);
        expect(twice.summary.points).toBe(0);
        expect(twice.summary.xp).toBe(0);
      }),
    );
  });

  it('changes the balances by exactly the summary', () => {
    fc.assert(
      fc.property(dataArb, dataArb, (a, b) => {
        const { data: merged, summary } = mergeData(a, b);
        expect(merged.points - a.points).toBe(summary.points);
        expect(merged.totalXP - a.totalXP).toBe(summary.xp);
        expect(merged.habits.length - a.habits.length).toBe(summary.habits);
      }),
    );
  });

  it('keeps every rest day of both sides except skips of periods the merge completes', () => {
    fc.assert(
      fc.property(dataArb, dataArb, (a, b) => {
        // Weeks from Sunday here and in the periods below (by default the merge takes the week
        // start of a's settings, which the generator varies).
        const { data: merged } = mergeData(a, b, 0);
        // Every day either side rests stays a rest day, and no other day becomes one.
        const habitIds = new Set([...a.pauses, ...b.pauses].map((pause) => pause.habitId));
        for (const habitId of habitIds) {
          const ofHabit = (pauses: readonly BackupPause[]) =>
            pauses.filter((pause) => pause.habitId === habitId);
          expect(daysOf(ofHabit(merged.pauses))).toEqual(
            daysOf([...ofHabit(a.pauses), ...ofHabit(b.pauses)]),
          );
          // What the merge wrote overlaps nothing else of the habit (the user's own ranges may).
          const own = new Set(a.pauses.map((pause) => JSON.stringify(pause)));
          const written = ofHabit(merged.pauses).filter((pause) => !own.has(JSON.stringify(pause)));
          for (const range of written)
            for (const other of ofHabit(merged.pauses))
              if (other !== range) expect(shareADay(range, other)).toBe(false);
        }
        expect(daysOf(merged.vacations)).toEqual(daysOf([...a.vacations, ...b.vacations]));
        for (const skip of [...a.skips, ...b.skips]) {
          const owner = merged.habits.find((item) => item.id === skip.habitId);
          if (owner === undefined) throw new Error(`no habit ${skip.habitId}`);
          const key = periodKey(skip.date, owner.frequency);
          const isDone = owner.completions.some(
            (done) => periodKey(done.completionDate, owner.frequency) === key,
          );
          const restsThere = merged.skips.some(
            (kept) =>
              kept.habitId === skip.habitId && periodKey(kept.date, owner.frequency) === key,
          );
          // A skip stays unless its period is done; one of the period's skips stands for it.
          expect(restsThere).toBe(!isDone);
        }
      }),
    );
  });

  it('replace returns the incoming data whatever the current data', () => {
    fc.assert(
      fc.property(dataArb, dataArb, (a, b) => {
        expect(replaceData(a, b).data).toBe(b);
      }),
    );
  });
});
