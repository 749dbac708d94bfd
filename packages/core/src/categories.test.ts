import { describe, expect, it } from 'vitest';
import {
  compareCategories,
  DEFAULT_CATEGORIES,
  FALLBACK_CATEGORY,
  normalizeCategoryName,
} from './categories';

describe('default categories', () => {
  it('are the spec seven with their monthly targets', () => {
    expect(DEFAULT_CATEGORIES.map((c) => [c.name, c.monthlyTargetXp])).toEqual([
      ['CAREER', 500],
      ['CREATIVE', 100],
      ['FINANCIAL', 150],
      ['HEALTH & FITNESS', 350],
      ['PERSONAL DEVELOPMENT', 300],
      ['RELATIONSHIPS', 100],
      ['SPIRITUAL', 300],
    ]);
  });

  it('has the protected fallback', () => {
    expect(FALLBACK_CATEGORY).toEqual({
      name: 'UNCATEGORIZED HABITS',
      color: '#6B7280',
      monthlyTargetXp: 100,
    });
  });

  it('normalises names to trimmed uppercase', () => {
    expect(normalizeCategoryName('  health & fitness ')).toBe('HEALTH & FITNESS');
  });
});

describe('compareCategories', () => {
  it('orders by name by code units, then by id, whatever the locale', () => {
    const rows = [
      { name: 'ÉTUDE', id: 'b' },
      { name: 'SPIRITUAL', id: 'a' },
      { name: 'HEALTH & FITNESS', id: 'c' },
      { name: 'HEALTH', id: 'z' },
      { name: 'HEALTH', id: 'y' },
    ];
    expect(rows.sort(compareCategories)).toEqual([
      { name: 'HEALTH', id: 'y' },
      { name: 'HEALTH', id: 'z' },
      { name: 'HEALTH & FITNESS', id: 'c' },
      { name: 'SPIRITUAL', id: 'a' },
      { name: 'ÉTUDE', id: 'b' },
    ]);
  });
});
