import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../canonical-json';
import { FREQUENCIES } from '../periods';
import { SCHEDULE_MESSAGES } from '../visibility';
import { checksumOf, fnv1a64, fnv1a64Hasher } from './checksum';
import {
  BACKUP_VERSION,
  isPeriodKeyOf,
  ENDS_BEFORE_START,
  MAX_BACKUP_VACATION_DAYS,
  POINTS_OVER_HALF,
  VACATION_TOO_LONG,
  zBackupData,
  zBackupFile,
  zBackupHabit,
  type BackupCompletion,
  type BackupData,
  type BackupHabit,
} from './schema';
import {
  buildExportFile,
  emptyBackupData,
  exportFileName,
  goalsOf,
  integrityOf,
} from './export-file';

function completion(overrides: Partial<BackupCompletion> = {}): BackupCompletion {
  return {
    completionDate: '2024-01-02',
    periodKey: '2024-01-02',
    xpEarned: 10,
    pointsEarned: 5,
    completedAt: '2024-01-02T09:00:00.000Z',
    ...overrides,
  };
}

function habit(overrides: Partial<BackupHabit> = {}): BackupHabit {
  return {
    id: 'h1',
    name: 'Read',
    description: null,
    frequency: 'daily',
    category: 'HEALTH',
    xpOnComplete: 10,
    isRecurring: true,
    specificDate: null,
    color: '#10b981',
    icon: 'target',
    createdAt: '2024-01-01T08:00:00.000Z',
    completions: [completion()],
    ...overrides,
  };
}

function sampleData(): BackupData {
  const categories = [
    { name: 'HEALTH', color: '#10b981', monthlyTargetXp: 350, isFallback: false },
    { name: 'UNCATEGORIZED HABITS', color: '#6B7280', monthlyTargetXp: 100, isFallback: true },
  ];
  return {
    habits: [habit()],
    categories,
    goals: goalsOf(categories),
    shop: [
      {
        id: 'r1',
        name: 'Coffee',
        description: null,
        cost: 50,
        category: null,
        icon: null,
        rarity: 'common',
        keepInShop: false,
      },
    ],
    inventory: [
      {
        name: 'Movie',
        cost: 100,
        redeemedAt: '2024-01-03T20:00:00.000Z',
        description: null,
        icon: null,
        rarity: null,
      },
    ],
    points: -20,
    totalXP: 10,
    settings: { theme: 'dark', startOfWeek: 1 },
    achievements: [{ id: 'first-habit', unlockedAt: '2024-01-01T08:00:00.000Z' }],
    skips: [{ habitId: 'h1', date: '2024-01-03' }],
    pauses: [
      { habitId: 'h1', startsOn: '2024-01-10', endsOn: '2024-01-12' },
      { habitId: 'h1', startsOn: '2024-02-01', endsOn: null },
    ],
    vacations: [{ startsOn: '2024-01-20', endsOn: '2024-01-27' }],
  };
}

/** The BigInt textbook version, the reference the limb arithmetic must match. */
function fnvReference(text: string): string {
  const bytes = encodeURIComponent(text)
    .split(/(%[0-9A-F]{2})/)
    .flatMap((part) =>
      part.startsWith('%')
        ? [parseInt(part.slice(1), 16)]
        : Array.from({ length: part.length }, (_, index) => part.charCodeAt(index)),
    );
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return hash.toString(16).padStart(16, '0');
}

function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, item]) => [key, reverseKeys(item)]),
    );
  }
  return value;
}

describe('fnv1a64', () => {
  it('matches the published FNV-1a 64 test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('hashes the UTF-8 bytes, like the BigInt reference, for any text', () => {
    expect(fnv1a64('é€😀')).toBe(fnvReference('é€😀'));
    // A lone surrogate still hashes (as its 3-byte form) instead of throwing.
    expect(fnv1a64('a\uD800')).not.toBe(fnv1a64('a'));
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(fnv1a64(text)).toBe(fnvReference(text));
      }),
    );
  });

  it('gives the same digest fed in pieces as for the whole text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' })), (pieces) => {
        const hash = fnv1a64Hasher();
        for (const piece of pieces) hash.update(piece);
        expect(hash.digest()).toBe(fnv1a64(pieces.join('')));
      }),
    );
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order and drops undefined like JSON', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson([undefined, null, 'x'])).toBe('[null,null,"x"]');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('reads back as the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('checksumOf', () => {
  it('is stable when keys are written in another order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(checksumOf(reverseKeys(value))).toBe(checksumOf(value));
      }),
    );
    expect(checksumOf(reverseKeys(sampleData()))).toBe(checksumOf(sampleData()));
  });

  it('changes when a value changes', () => {
    const changed = { ...sampleData(), points: 21 };
    expect(checksumOf(changed)).not.toBe(checksumOf(sampleData()));
    expect(checksumOf(sampleData())).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('buildExportFile', () => {
  it('fills the header, the integrity counts and the checksum', () => {
    const data = sampleData();
    const file = buildExportFile({ data, exportedAt: new Date('2024-03-09T13:05:00.000Z') });
    expect(file).toEqual({
      version: BACKUP_VERSION,
      exportedAt: '2024-03-09T13:05:00.000Z',
      source: 'HabitQuest',
      data,
      integrity: {
        ...{ habits: 1, completions: 1, categories: 2, rewards: 1, inventory: 1 },
        ...{ achievements: 1, skips: 1, pauses: 2, vacations: 1 },
      },
      checksum: checksumOf(data),
    });
    expect(file.version).toBe('4.0.0');
    expect(zBackupFile.parse(file)).toEqual(file);
  });

  it('exports empty data as a valid file', () => {
    const file = buildExportFile({ data: emptyBackupData(), exportedAt: new Date(0) });
    expect(file.integrity).toEqual(integrityOf(emptyBackupData()));
    expect(zBackupFile.safeParse(file).success).toBe(true);
  });
});

describe('exportFileName', () => {
  it('names the file by the local date and time of the export', () => {
    const instant = new Date('2024-03-09T13:05:00Z');
    expect(exportFileName(instant, 'Europe/Berlin')).toBe('habitquest-backup-2024-03-09-1405.json');
    expect(exportFileName(instant, 'America/New_York')).toBe(
      'habitquest-backup-2024-03-09-0805.json',
    );
  });

  it('uses the local calendar date, which may be the next day', () => {
    const instant = new Date('2024-03-09T16:00:00Z');
    expect(exportFileName(instant, 'Asia/Manila')).toBe('habitquest-backup-2024-03-10-0000.json');
  });
});

describe('goalsOf and emptyBackupData', () => {
  it('maps category names to their monthly targets', () => {
    expect(goalsOf(sampleData().categories)).toEqual({
      HEALTH: 350,
      'UNCATEGORIZED HABITS': 100,
    });
  });

  it('keeps a category named __proto__ as a plain key', () => {
    const goals = goalsOf([
      { name: '__proto__', color: '#fff', monthlyTargetXp: 5, isFallback: false },
    ]);
    expect(Object.keys(goals)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(goals)).toBe(Object.prototype);
  });

  it('gives data that passes the schema', () => {
    expect(zBackupData.parse(emptyBackupData())).toEqual(emptyBackupData());
  });
});

describe('isPeriodKeyOf', () => {
  it('needs the exact key for daily, monthly and yearly habits', () => {
    expect(isPeriodKeyOf('2024-01-07', '2024-01-07', 'daily')).toBe(true);
    expect(isPeriodKeyOf('2024-01-08', '2024-01-07', 'daily')).toBe(false);
    expect(isPeriodKeyOf('2024-01', '2024-01-07', 'monthly')).toBe(true);
    expect(isPeriodKeyOf('2024', '2024-01-07', 'yearly')).toBe(true);
    expect(isPeriodKeyOf('2023', '2024-01-07', 'yearly')).toBe(false);
  });

  it('accepts the weekly key of any week start', () => {
    // Sunday 2024-01-07 opens week 2 when weeks start on Sunday, and ends week 1 on Mondays.
    expect(isPeriodKeyOf('2024-W02', '2024-01-07', 'weekly')).toBe(true);
    expect(isPeriodKeyOf('2024-W01', '2024-01-07', 'weekly')).toBe(true);
    expect(isPeriodKeyOf('2024-W03', '2024-01-07', 'weekly')).toBe(false);
  });
});

describe('zBackupHabit', () => {
  it('stores category names uppercase and trimmed', () => {
    expect(zBackupHabit.parse(habit({ category: ' health ' })).category).toBe('HEALTH');
  });

  it('rejects a period key that does not belong to the completion date', () => {
    const completions = [completion({ periodKey: '2024-01-05' })];
    const result = zBackupHabit.safeParse(habit({ completions }));
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['completions', 0, 'periodKey'], 'is not the daily period of 2024-01-02'],
    ]);
  });

  it('rejects two completions of one period', () => {
    const completions = [
      completion({ periodKey: '2024-01' }),
      completion({ completionDate: '2024-01-20', periodKey: '2024-01' }),
    ];
    const result = zBackupHabit.safeParse(habit({ frequency: 'monthly', completions }));
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['completions', 1, 'periodKey'], 'appears twice for this habit'],
    ]);
  });

  it('bounds what one completion can hold: a merged year of the richest habit, half its XP in points', () => {
    const issues = (overrides: Partial<BackupCompletion>) =>
      zBackupHabit
        .safeParse(habit({ completions: [completion(overrides)] }))
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ xpEarned: 100, pointsEarned: 50 })).toBeUndefined();
    // A frequency change merged 200 days of 100 XP into one completion.
    expect(issues({ xpEarned: 20_000, pointsEarned: 10_000 })).toBeUndefined();
    expect(issues({ xpEarned: 37_201, pointsEarned: 0 })).toEqual([
      ['completions.0.xpEarned', 'must be a whole number from 0 to 37200'],
    ]);
    expect(issues({ xpEarned: 100, pointsEarned: 51 })).toEqual([
      ['completions.0.pointsEarned', POINTS_OVER_HALF],
    ]);
    expect(issues({ completionDate: '0000-01-01' })?.[0]).toEqual([
      'completions.0.completionDate',
      'must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)',
    ]);
  });

  it('refuses a date that is not a real one with a message, never by throwing', () => {
    for (const completionDate of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-1-5']) {
      const parse = () =>
        zBackupHabit.safeParse(habit({ completions: [completion({ completionDate })] }));
      expect(parse).not.toThrow();
      expect(parse().error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        [
          'completions.0.completionDate',
          'must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)',
        ],
      ]);
    }
    // Any text in the date: an issue, and never a throw (the import's check runs this on the
    // server, where a throw took the process down).
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.constantFrom(...FREQUENCIES),
        (text, frequency) => {
          const parsed = zBackupHabit.safeParse(
            habit({
              frequency,
              completions: [completion({ completionDate: text, periodKey: text })],
            }),
          );
          expect(parsed.success || parsed.error.issues.length > 0).toBe(true);
        },
      ),
    );
  });

  it("holds the schedule to the API's rule: a one-time habit has a date, a recurring one none", () => {
    const messages = (overrides: Partial<BackupHabit>) =>
      zBackupHabit
        .safeParse(habit(overrides))
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages({ isRecurring: false, specificDate: null })).toEqual([
      ['specificDate', SCHEDULE_MESSAGES.dateRequired],
    ]);
    expect(messages({ isRecurring: true, specificDate: '2024-01-02' })).toEqual([
      ['specificDate', SCHEDULE_MESSAGES.dateForbidden],
    ]);
    expect(messages({ isRecurring: false, specificDate: '2024-01-02' })).toBeUndefined();
    expect(messages({ isRecurring: true, specificDate: null })).toBeUndefined();
  });

  it('bounds XP, names and dates', () => {
    const messages = (value: unknown) =>
      zBackupHabit.safeParse(value).error?.issues.map((issue) => issue.message);
    // The API's own bounds: a habit is worth 1 to 100 XP.
    expect(messages(habit({ xpOnComplete: 101 }))).toEqual([
      'must be a whole number from 1 to 100',
    ]);
    expect(messages(habit({ xpOnComplete: 1000 }))).toEqual([
      'must be a whole number from 1 to 100',
    ]);
    expect(messages(habit({ xpOnComplete: 2.5 }))).toEqual([
      'must be a whole number from 1 to 100',
    ]);
    expect(messages(habit({ xpOnComplete: 100 }))).toBeUndefined();
    expect(messages(habit({ name: '   ' }))).toEqual(['must not be blank']);
    expect(messages(habit({ name: '\u200b\u2060' }))).toEqual(['must not be blank']);
    expect(messages(habit({ name: 'x'.repeat(201) }))).toEqual(['must be at most 200 characters']);
    const dateMessage = 'must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)';
    expect(messages(habit({ isRecurring: false, specificDate: '2023-02-29' }))).toEqual([
      dateMessage,
    ]);
    expect(messages(habit({ isRecurring: false, specificDate: '0000-01-01' }))).toEqual([
      dateMessage,
    ]);
    expect(messages(habit({ isRecurring: false, specificDate: '9999-12-31' }))).toEqual([
      dateMessage,
    ]);
    expect(messages(habit({ createdAt: 'yesterday' }))).toEqual([
      'must be a date and time (ISO 8601)',
    ]);
    expect(messages(habit({ createdAt: '0000-01-01T00:00:00Z' }))).toEqual([
      'must be a date and time in the years 1900 to 2200',
    ]);
    expect(messages(habit({ color: 'green' }))).toEqual(['must be a colour like #10b981']);
    expect(messages(habit({ frequency: 'hourly' as never }))).toEqual([
      'must be one of daily, weekly, monthly, yearly',
    ]);
  });
});

describe('zBackupData', () => {
  const issues = (data: BackupData) =>
    zBackupData.safeParse(data).error?.issues.map((issue) => [issue.path, issue.message]);

  it('accepts the sample data', () => {
    expect(zBackupData.parse(sampleData())).toEqual(sampleData());
  });

  it('rejects a category name twice, in any case', () => {
    const data = sampleData();
    data.categories.push({ name: 'health', color: '#000', monthlyTargetXp: 1, isFallback: false });
    expect(issues(data)).toEqual([[['categories', 2, 'name'], 'appears twice']]);
  });

  it('rejects a second fallback category', () => {
    const data = sampleData();
    data.categories.push({ name: 'OTHER', color: '#fff', monthlyTargetXp: 0, isFallback: true });
    expect(issues(data)).toEqual([[['categories'], 'has more than one fallback']]);
  });

  it('rejects a habit id twice and a category that is not in the file', () => {
    const data = sampleData();
    data.habits.push(habit({ category: 'FUN' }));
    expect(issues(data)).toEqual([
      [['habits', 1, 'id'], 'appears twice'],
      [['habits', 1, 'category'], 'names a category that is not in the file (FUN)'],
    ]);
  });

  it('reads a file from before rest days (no skips, pauses or vacations) as having none', () => {
    const rest = new Set(['skips', 'pauses', 'vacations']);
    const older = Object.fromEntries(
      Object.entries(sampleData()).filter(([key]) => !rest.has(key)),
    );
    expect(Object.keys(older)).not.toContain('skips');
    const parsed = zBackupData.parse(older);
    expect(parsed.skips).toEqual([]);
    expect(parsed.pauses).toEqual([]);
    expect(parsed.vacations).toEqual([]);
  });

  it("refuses rest days of a habit that is not in the file, or the same habit's day twice", () => {
    const data = sampleData();
    data.skips.push({ habitId: 'gone', date: '2024-01-04' }, { habitId: 'h1', date: '2024-01-03' });
    data.pauses.push({ habitId: 'other', startsOn: '2024-03-01', endsOn: null });
    expect(issues(data)).toEqual([
      [['skips', 1, 'habitId'], 'names a habit that is not in the file (gone)'],
      [['skips', 2, 'date'], 'appears twice'],
      [['pauses', 2, 'habitId'], 'names a habit that is not in the file (other)'],
    ]);
  });

  it('refuses a range that ends before it starts, bad dates, and a vacation longer than the API allows', () => {
    const dateMessage = 'must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)';
    expect(
      issues({
        ...sampleData(),
        skips: [{ habitId: 'h1', date: '2024-02-30' }],
        pauses: [{ habitId: 'h1', startsOn: '2024-01-10', endsOn: '2024-01-09' }],
        vacations: [
          { startsOn: '2024-01-20', endsOn: '2024-01-19' },
          { startsOn: 'soon', endsOn: '2024-01-19' },
          { startsOn: '2024-01-01', endsOn: '2025-01-01' },
        ],
      }),
    ).toEqual([
      [['skips', 0, 'date'], dateMessage],
      [['pauses', 0, 'endsOn'], ENDS_BEFORE_START],
      [['vacations', 0, 'endsOn'], ENDS_BEFORE_START],
      [['vacations', 1, 'startsOn'], dateMessage],
      [['vacations', 2, 'endsOn'], VACATION_TOO_LONG],
    ]);
    // One day, and the longest vacation the API sets (a leap year, ends included).
    expect(MAX_BACKUP_VACATION_DAYS).toBe(366);
    const longest = { startsOn: '2024-01-01', endsOn: '2024-12-31' };
    const oneDay = { startsOn: '2024-05-01', endsOn: '2024-05-01' };
    expect(issues({ ...sampleData(), vacations: [longest, oneDay] })).toBeUndefined();
  });

  it('allows a negative point balance but not negative XP', () => {
    expect(zBackupData.safeParse({ ...sampleData(), points: -500 }).success).toBe(true);
    expect(issues({ ...sampleData(), totalXP: -1 })).toEqual([
      [['totalXP'], 'must not be negative'],
    ]);
  });
});
