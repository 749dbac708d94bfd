import type { BackupCategory } from '@habitquest/core/backup/schema';
import { emptyBackupData } from '@habitquest/core/backup/export-file';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blankToNull,
  fullColor,
  MAX_NESTING,
  nestingProblem,
  passedLimit,
  planCountsOf,
  storageProblems,
  withOneFallback,
} from './prepare-import';

function category(name: string, isFallback = false): BackupCategory {
  return { name, color: '#123456', monthlyTargetXp: 100, isFallback };
}

describe('nestingProblem', () => {
  const nested = (levels: number): unknown => {
    let value: unknown = 'leaf';
    for (let level = 0; level < levels; level += 1)
      value = level % 2 === 0 ? [value] : { a: value };
    return value;
  };

  it('lets through objects and lists nested up to the limit, the file itself being level 1', () => {
    expect(nestingProblem(nested(MAX_NESTING))).toBeNull();
    expect(nestingProblem({ version: '4.0.0', data: emptyBackupData() })).toBeNull();
    expect(nestingProblem('text')).toBeNull();
  });

  it('names where the nesting goes too deep, however deep it goes, without recursing', () => {
    expect(nestingProblem(nested(MAX_NESTING + 1))).toMatch(/^\[0\]\.a\[0\]\.a\[0\]\.a…: objects/);
    const file = { data: { settings: { theme: nested(100_000) } } };
    expect(nestingProblem(file)).toBe(
      `settings.theme.a[0].a…: objects and lists are nested more than ${MAX_NESTING} levels deep, which no backup is`,
    );
  });
});

describe('storageProblems', () => {
  it('finds nothing in ordinary data', () => {
    expect(storageProblems(emptyBackupData())).toEqual([]);
  });

  it('names the NUL character wherever it hides, keys included', () => {
    const data = {
      ...emptyBackupData(),
      categories: [category('A\u0000')],
      settings: { nested: { 'k\u0000': 'v' }, list: ['ok', 'x\u0000'] },
    };
    expect(storageProblems(data)).toEqual([
      'categories[0].name: must not contain the NUL character (U+0000)',
      'settings.nested: must not contain the NUL character (U+0000)',
      'settings.list[1]: must not contain the NUL character (U+0000)',
    ]);
  });

  it('refuses dates PostgreSQL cannot hold', () => {
    const data = {
      ...emptyBackupData(),
      habits: [
        {
          id: 'h',
          name: 'H',
          description: null,
          frequency: 'daily' as const,
          category: null,
          xpOnComplete: 10,
          isRecurring: false,
          specificDate: '0000-01-01',
          color: '#10b981',
          icon: 'target',
          // Year 1 with a positive offset is still year 0 in UTC.
          createdAt: '0001-01-01T00:00:00+01:00',
          completions: [
            {
              completionDate: '2024-01-01',
              periodKey: '2024-01-01',
              xpEarned: 1,
              pointsEarned: 0,
              completedAt: '0001-01-01T00:00:00Z',
            },
          ],
        },
      ],
      inventory: [
        {
          name: 'I',
          cost: 1,
          redeemedAt: '9999-12-31T23:00:00-05:00',
          description: null,
          icon: null,
          rarity: null,
        },
      ],
    };
    expect(storageProblems(data)).toEqual([
      'habits[0].createdAt: must be a date between the years 1 and 9999',
      'habits[0].specificDate: must be a date between the years 1 and 9999',
      'inventory[0].redeemedAt: must be a date between the years 1 and 9999',
    ]);
  });

  it('keeps balances within what the ledger holds', () => {
    const at = { ...emptyBackupData(), points: -1_000_000_000, totalXP: 1_000_000_000 };
    expect(storageProblems(at)).toEqual([]);
    expect(storageProblems({ ...at, points: -1_000_000_001, totalXP: 1_000_000_001 })).toEqual([
      'points: must be between -1000000000 and 1000000000',
      'totalXP: must be between -1000000000 and 1000000000',
    ]);
  });
});

describe('withOneFallback', () => {
  it('keeps the first marked fallback only', () => {
    const list = withOneFallback([category('A'), category('B', true), category('C', true)]);
    expect(list.map((item) => item.isFallback)).toEqual([false, true, false]);
  });

  it('adopts a category bearing the fallback name, else adds the standard one', () => {
    expect(withOneFallback([category('UNCATEGORIZED HABITS')])).toEqual([
      category('UNCATEGORIZED HABITS', true),
    ]);
    expect(withOneFallback([category('A')])).toEqual([
      category('A'),
      { name: 'UNCATEGORIZED HABITS', color: '#6B7280', monthlyTargetXp: 100, isFallback: true },
    ]);
  });

  it('always leaves exactly one fallback and every name it was given', () => {
    const categories = fc.uniqueArray(
      fc.record({
        name: fc.constantFrom('A', 'B', 'C', 'UNCATEGORIZED HABITS'),
        color: fc.constant('#123456'),
        monthlyTargetXp: fc.nat(100),
        isFallback: fc.boolean(),
      }),
      { selector: (item) => item.name },
    );
    fc.assert(
      fc.property(categories, (list) => {
        const result = withOneFallback(list);
        expect(result.filter((item) => item.isFallback)).toHaveLength(1);
        expect(result.slice(0, list.length).map((item) => item.name)).toEqual(
          list.map((item) => item.name),
        );
      }),
    );
  });
});

describe('plan limits of an import', () => {
  it('counts as enforceLimit does: the fallback category is not one', () => {
    const data = {
      ...emptyBackupData(),
      categories: [category('A'), category('B', true)],
    };
    expect(planCountsOf(data)).toEqual({ habits: 0, categories: 1, rewards: 0 });
  });

  it('refuses only a count that passes the limit and grows', () => {
    const none = { habits: 0, categories: 0, rewards: 0 };
    expect(passedLimit(none, { habits: 15, categories: 10, rewards: 6 })).toBeNull();
    expect(passedLimit(none, { habits: 16, categories: 11, rewards: 7 })).toBe('habits');
    expect(passedLimit(none, { habits: 1, categories: 11, rewards: 7 })).toBe('categories');
    expect(passedLimit(none, { habits: 1, categories: 1, rewards: 7 })).toBe('rewards');
    // Someone already past a limit (Pro before) may still restore what they have.
    const past = { habits: 20, categories: 0, rewards: 0 };
    expect(passedLimit(past, past)).toBeNull();
    expect(passedLimit(past, { ...past, habits: 21 })).toBe('habits');
  });
});

describe('stored forms', () => {
  it('widens three-digit colours and leaves others alone', () => {
    expect(fullColor('#abc')).toBe('#aabbcc');
    expect(fullColor('#A1b2C3')).toBe('#A1b2C3');
  });

  it('stores blank optional text as null', () => {
    expect(blankToNull('  ')).toBeNull();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull(' x ')).toBe(' x ');
  });
});
