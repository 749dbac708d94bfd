import { describe, expect, it } from 'vitest';
import {
  duplicateCategoryMessage,
  zCategory,
  zCategoryCreate,
  zCategoryDeleteResult,
  zCategoryUpdate,
} from './categories';

const ID = '0b7e4c52-4c55-4f4e-9a55-2b1f6f1d3a10';

describe('zCategory', () => {
  it('accepts the wire shape', () => {
    const category = {
      id: ID,
      name: 'UNCATEGORIZED HABITS',
      color: '#6B7280',
      monthlyTargetXp: 100,
      isFallback: true,
      createdAt: '2024-03-01T10:00:00.000Z',
    };
    expect(zCategory.parse(category)).toEqual(category);
    expect(zCategory.safeParse({ ...category, isFallback: 'yes' }).success).toBe(false);
  });
});

describe('zCategoryCreate', () => {
  it('trims, uppercases and fills the defaults', () => {
    expect(zCategoryCreate.parse({ name: '  Health & Fitness ' })).toEqual({
      name: 'HEALTH & FITNESS',
      color: '#6366f1',
      monthlyTargetXp: 200,
    });
  });

  it('bounds the name: not blank, at most 50 characters', () => {
    expect(zCategoryCreate.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(
      'Category name is required',
    );
    expect(zCategoryCreate.safeParse({ name: 'x'.repeat(50) }).success).toBe(true);
    expect(zCategoryCreate.safeParse({ name: 'x'.repeat(51) }).success).toBe(false);
    expect(zCategoryCreate.safeParse({}).success).toBe(false);
  });

  it('takes a monthly target of 1–10000 in the create dialog', () => {
    expect(zCategoryCreate.parse({ name: 'a', monthlyTargetXp: 1 }).monthlyTargetXp).toBe(1);
    expect(zCategoryCreate.parse({ name: 'a', monthlyTargetXp: 10_000 }).monthlyTargetXp).toBe(
      10_000,
    );
    for (const target of [0, 10_001, 2.5, Number.NaN, '200', null]) {
      expect(zCategoryCreate.safeParse({ name: 'a', monthlyTargetXp: target }).success).toBe(false);
    }
  });

  it('refuses a bad colour and unknown keys', () => {
    expect(zCategoryCreate.safeParse({ name: 'a', color: 'blue' }).success).toBe(false);
    expect(zCategoryCreate.safeParse({ name: 'a', isFallback: true }).success).toBe(false);
  });
});

describe('zCategoryUpdate', () => {
  it('allows a target of 0 and uppercases a new name', () => {
    expect(zCategoryUpdate.parse({ monthlyTargetXp: 0 })).toEqual({ monthlyTargetXp: 0 });
    expect(zCategoryUpdate.parse({ name: ' career ', color: '#123456' })).toEqual({
      name: 'CAREER',
      color: '#123456',
    });
  });

  it('refuses an empty patch, out-of-range targets and unknown keys', () => {
    expect(zCategoryUpdate.safeParse({}).success).toBe(false);
    expect(zCategoryUpdate.safeParse({ monthlyTargetXp: -1 }).success).toBe(false);
    expect(zCategoryUpdate.safeParse({ monthlyTargetXp: 10_001 }).success).toBe(false);
    expect(zCategoryUpdate.safeParse({ name: '' }).success).toBe(false);
    expect(zCategoryUpdate.safeParse({ isFallback: false }).success).toBe(false);
  });
});

describe('category answers', () => {
  it('names the duplicate in its message', () => {
    expect(duplicateCategoryMessage('HEALTH')).toBe('A category named "HEALTH" already exists.');
  });

  it('zCategoryDeleteResult counts the moved habits', () => {
    expect(zCategoryDeleteResult.parse({ deleted: ID, movedHabits: 2 })).toEqual({
      deleted: ID,
      movedHabits: 2,
    });
    expect(zCategoryDeleteResult.safeParse({ deleted: ID, movedHabits: -1 }).success).toBe(false);
  });
});
