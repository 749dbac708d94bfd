import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BackupData, BackupFile } from './schema';
import { buildExportFile, goalsOf } from './export-file';
import {
  BACKUP_ERRORS,
  BACKUP_WARNINGS,
  MAX_LISTED_ERRORS,
  formatPath,
  majorVersionOf,
  validateBackup,
  validateBackupText,
} from './validate';

const EXPORTED_AT = new Date('2024-03-09T13:05:00.000Z');

function sampleData(): BackupData {
  const categories = [
    { name: 'HEALTH & FITNESS', color: '#10b981', monthlyTargetXp: 350, isFallback: false },
  ];
  return {
    habits: [
      {
        id: 'h1',
        name: 'Run',
        description: 'Around the park',
        frequency: 'weekly',
        category: 'HEALTH & FITNESS',
        xpOnComplete: 20,
        isRecurring: true,
        specificDate: null,
        color: '#10b981',
        icon: 'target',
        createdAt: '2024-01-01T08:00:00.000Z',
        completions: [
          {
            completionDate: '2024-01-07',
            periodKey: '2024-W02',
            xpEarned: 20,
            pointsEarned: 10,
            completedAt: '2024-01-07T09:00:00.000Z',
          },
        ],
      },
    ],
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
        rarity: null,
        keepInShop: true,
      },
    ],
    inventory: [],
    points: 10,
    totalXP: 20,
    settings: { theme: 'dark' },
    achievements: [],
    skips: [{ habitId: 'h1', date: '2024-01-15' }],
    pauses: [{ habitId: 'h1', startsOn: '2024-02-01', endsOn: null }],
    vacations: [{ startsOn: '2024-01-20', endsOn: '2024-01-27' }],
  };
}

function sampleFile(): BackupFile {
  return buildExportFile({ data: sampleData(), exportedAt: EXPORTED_AT });
}

/** The file as JSON.parse would hand it over: plain objects to poke at. */
function rawFile(): Record<string, unknown> & { data: Record<string, unknown> } {
  return JSON.parse(JSON.stringify(sampleFile())) as Record<string, unknown> & {
    data: Record<string, unknown>;
  };
}

function errorsOf(value: unknown): string[] {
  const result = validateBackup(value);
  return result.ok ? [] : result.errors;
}

describe('validateBackupText', () => {
  it('round-trips an exported file without warnings', () => {
    const result = validateBackupText(JSON.stringify(sampleFile(), null, 2));
    expect(result).toEqual({ ok: true, file: sampleFile(), warnings: [] });
  });

  it('answers "Failed to parse data" for text that is not JSON', () => {
    expect(validateBackupText('{"version": "4.0.0",')).toEqual({
      ok: false,
      errors: ['Failed to parse data'],
    });
    expect(BACKUP_ERRORS.unparsable).toBe('Failed to parse data');
  });

  it('accepts a file saved with a byte-order mark', () => {
    expect(validateBackupText(`\uFEFF${JSON.stringify(sampleFile())}`).ok).toBe(true);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(typeof validateBackupText(text).ok).toBe('boolean');
      }),
    );
  });
});

describe('validateBackup: the spec messages', () => {
  it('rejects null and undefined as "Invalid data format"', () => {
    expect(errorsOf(null)).toEqual(['Invalid data format']);
    expect(errorsOf(undefined)).toEqual(['Invalid data format']);
  });

  it('rejects arrays, strings and numbers as not a JSON object', () => {
    for (const value of [[], 'backup', 42, true]) {
      expect(errorsOf(value)).toEqual(['Invalid data format - must be a valid JSON object']);
    }
  });

  it('accepts an object without a prototype, but not a class instance', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, rawFile());
    expect(validateBackup(bare).ok).toBe(true);
    expect(errorsOf(new Map())).toEqual(['Invalid data format - must be a valid JSON object']);
  });

  it('rejects another major version, naming the version found', () => {
    expect(errorsOf({ ...rawFile(), version: '3.3.0' })).toEqual([
      'Version incompatibility - exported from v3.3.0, current is v4.x.x',
    ]);
    expect(errorsOf({ ...rawFile(), version: '40.0.0' })).toEqual([
      'Version incompatibility - exported from v40.0.0, current is v4.x.x',
    ]);
    expect(errorsOf({ ...rawFile(), version: 5 })).toEqual([
      'Version incompatibility - exported from v5, current is v4.x.x',
    ]);
  });

  it('says "unknown" when the version is missing', () => {
    const file = rawFile();
    delete file.version;
    expect(errorsOf(file)).toEqual([
      'Version incompatibility - exported from vunknown, current is v4.x.x',
    ]);
  });

  it('accepts any 4.x.x version', () => {
    expect(validateBackup({ ...rawFile(), version: '4.2.1' }).ok).toBe(true);
  });

  it('collects the array and object checks together', () => {
    const file = rawFile();
    const data = { ...file.data, habits: {}, shop: 'none', goals: [] };
    expect(errorsOf({ ...file, version: '3.3.0', data })).toEqual([
      'Version incompatibility - exported from v3.3.0, current is v4.x.x',
      'Habits data must be an array',
      'Shop data must be an array',
      'Goals data must be an object',
    ]);
  });

  it('reports all three when the data block is missing', () => {
    const file: Record<string, unknown> = rawFile();
    delete file.data;
    expect(errorsOf(file)).toEqual([
      'Habits data must be an array',
      'Shop data must be an array',
      'Goals data must be an object',
    ]);
  });

  it('names every habit without an id or a name by its index', () => {
    const file = rawFile();
    const habits = [{ id: 'a', name: 'Ok' }, { id: 'b' }, { name: 'c', id: '' }, null, 'x'];
    expect(errorsOf({ ...file, data: { ...file.data, habits } })).toEqual([
      'Habit at index 1 missing required fields (id, name)',
      'Habit at index 2 missing required fields (id, name)',
      'Habit at index 3 missing required fields (id, name)',
      'Habit at index 4 missing required fields (id, name)',
    ]);
  });

  it('lists at most 20 problems and sums up the rest', () => {
    const file = rawFile();
    const habits = Array.from({ length: 25 }, () => ({}));
    const errors = errorsOf({ ...file, data: { ...file.data, habits } });
    expect(errors).toHaveLength(MAX_LISTED_ERRORS + 1);
    expect(errors[19]).toBe('Habit at index 19 missing required fields (id, name)');
    expect(errors[20]).toBe('…and 5 more problems.');
  });
});

describe('validateBackup: the schema, after the structural checks', () => {
  function withHabit(changes: Record<string, unknown>): unknown {
    const file = rawFile();
    const [habit] = file.data.habits as Record<string, unknown>[];
    return { ...file, data: { ...file.data, habits: [{ ...habit, ...changes }] } };
  }

  it('names the path and the rule that failed', () => {
    expect(errorsOf(withHabit({ xpOnComplete: 0 }))).toEqual([
      'habits[0].xpOnComplete: must be a whole number from 1 to 100',
    ]);
    expect(errorsOf(withHabit({ isRecurring: 'yes', color: undefined }))).toEqual([
      'habits[0].isRecurring: must be true or false',
      'habits[0].color: is required',
    ]);
    expect(errorsOf(withHabit({ completions: [{ completionDate: '2024-13-01' }] }))).toEqual([
      'habits[0].completions[0].completionDate: must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)',
      'habits[0].completions[0].periodKey: is required',
      'habits[0].completions[0].xpEarned: must be a whole number from 0 to 37200',
      'habits[0].completions[0].pointsEarned: must be a whole number from 0 to 18600',
      'habits[0].completions[0].completedAt: must be a date and time (ISO 8601)',
    ]);
  });

  it('checks the header and the other lists', () => {
    const file = rawFile();
    const shop = [{ ...(file.data.shop as object[])[0], cost: 10001 }];
    const goals = { 'HEALTH & FITNESS': -1 };
    const data = { ...file.data, shop, goals, settings: null, points: 1.5 };
    expect(errorsOf({ ...file, source: 'Other', exportedAt: 'today', data })).toEqual([
      'exportedAt: must be a date and time (ISO 8601)',
      'source: must be "HabitQuest"',
      'goals["HEALTH & FITNESS"]: must be a whole number from 0 to 10000',
      'shop[0].cost: must be a whole number from 1 to 10000',
      'points: must be a whole number',
      'settings: must be an object',
    ]);
  });
});

describe('validateBackup: rest days', () => {
  it('names each bad skip, pause and vacation by its path', () => {
    const file = rawFile();
    const data = {
      ...file.data,
      skips: [{ habitId: 'nope', date: '2024-01-08' }, { habitId: 'h1' }],
      pauses: [{ habitId: 'h1', startsOn: '2024-02-10', endsOn: '2024-02-01' }],
      vacations: 'soon',
    };
    expect(errorsOf({ ...file, data })).toEqual([
      'skips[1].date: is required',
      'pauses[0].endsOn: must not be before startsOn',
      'vacations: must be a list',
    ]);
    expect(
      errorsOf({ ...file, data: { ...data, skips: data.skips.slice(0, 1), vacations: [] } }),
    ).toEqual([
      'pauses[0].endsOn: must not be before startsOn',
      'skips[0].habitId: names a habit that is not in the file (nope)',
    ]);
  });

  it('accepts a 4.x file without them, and one with them', () => {
    const file = rawFile();
    const rest = new Set(['skips', 'pauses', 'vacations']);
    const older = Object.fromEntries(Object.entries(file.data).filter(([key]) => !rest.has(key)));
    const result = validateBackup({ ...file, data: older });
    expect(result.ok && result.file.data.skips).toEqual([]);
    const rested = {
      ...file.data,
      skips: [{ habitId: 'h1', date: '2024-01-08' }],
      pauses: [{ habitId: 'h1', startsOn: '2024-02-01', endsOn: null }],
      vacations: [{ startsOn: '2024-03-01', endsOn: '2024-03-08' }],
    };
    const accepted = validateBackup({ ...file, data: rested });
    expect(accepted.ok && accepted.file.data.pauses).toEqual(rested.pauses);
  });
});

describe('validateBackup: warnings', () => {
  it('warns when the data was changed after export, but still accepts it', () => {
    const file = rawFile();
    const result = validateBackup({ ...file, data: { ...file.data, points: 99999 } });
    expect(result).toMatchObject({ ok: true, warnings: [BACKUP_WARNINGS.checksum] });
    expect(BACKUP_WARNINGS.checksum).toBe('Checksum mismatch: the file was changed after export.');
  });

  it('checks the data as written, before names are uppercased', () => {
    const file = rawFile();
    const categories = [
      { name: 'health & fitness', color: '#000', monthlyTargetXp: 350, isFallback: false },
    ];
    const result = validateBackup({ ...file, data: { ...file.data, categories } });
    expect(result.ok && result.file.data.categories[0]?.name).toBe('HEALTH & FITNESS');
    expect(result.ok && result.warnings).toEqual([BACKUP_WARNINGS.checksum]);
  });

  it('warns about each integrity count that does not match', () => {
    const integrity = {
      ...{ habits: 2, completions: 1, categories: 1, rewards: 0, inventory: 0 },
      ...{ achievements: 0, skips: 3, pauses: 1, vacations: 0 },
    };
    const result = validateBackup({ ...rawFile(), integrity });
    expect(result.ok && result.warnings).toEqual([
      'Integrity mismatch: the file lists 2 habits but contains 1.',
      'Integrity mismatch: the file lists 0 rewards but contains 1.',
      'Integrity mismatch: the file lists 3 skips but contains 1.',
      'Integrity mismatch: the file lists 0 vacations but contains 1.',
    ]);
  });

  it('compares no achievement or rest-day count in a file from before they were counted', () => {
    const integrity = { habits: 1, completions: 1, categories: 1, rewards: 1, inventory: 0 };
    const result = validateBackup({ ...rawFile(), integrity });
    expect(result.ok && result.warnings).toEqual([]);
    expect(result.ok && result.file.integrity).toEqual(integrity);
  });

  it('counts the achievements and every kind of rest day in an export', () => {
    expect(sampleFile().integrity).toMatchObject({
      achievements: 0,
      skips: 1,
      pauses: 1,
      vacations: 1,
    });
  });

  it('accepts the checksum in capitals', () => {
    const file = rawFile();
    const result = validateBackup({ ...file, checksum: String(file.checksum).toUpperCase() });
    expect(result.ok && result.warnings).toEqual([]);
  });
});

describe('validateBackup never throws', () => {
  it('on any value at all', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof validateBackup(value).ok).toBe('boolean');
      }),
    );
  });

  it('on an exported file with one rest day replaced by anything', () => {
    const file = rawFile();
    fc.assert(
      fc.property(
        fc.constantFrom('skips', 'pauses', 'vacations'),
        fc.dictionary(fc.constantFrom('habitId', 'date', 'startsOn', 'endsOn'), fc.jsonValue()),
        (key, entry) => {
          const result = validateBackup({ ...file, data: { ...file.data, [key]: [entry] } });
          expect(result.ok || result.errors.length > 0).toBe(true);
        },
      ),
    );
  });

  it('on an exported file with any one field replaced', () => {
    const file = rawFile();
    const keys = Object.keys(file.data);
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.jsonValue(), (key, value) => {
        const result = validateBackup({ ...file, data: { ...file.data, [key]: value } });
        expect(result.ok || result.errors.length > 0).toBe(true);
      }),
    );
  });
});

describe('helpers', () => {
  it('formatPath drops the data prefix and quotes keys that are not names', () => {
    expect(formatPath(['data', 'habits', 2, 'xpOnComplete'])).toBe('habits[2].xpOnComplete');
    expect(formatPath(['data', 'goals', 'A B'])).toBe('goals["A B"]');
    expect(formatPath(['data'])).toBe('data');
    expect(formatPath([])).toBe('');
  });

  it('majorVersionOf reads the number before the first dot', () => {
    expect(majorVersionOf('4.0.0')).toBe(4);
    expect(majorVersionOf('4')).toBe(4);
    expect(majorVersionOf('v4.0.0')).toBeNull();
    expect(majorVersionOf('4beta')).toBeNull();
  });
});
