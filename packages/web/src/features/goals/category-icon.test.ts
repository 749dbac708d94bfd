import { DEFAULT_CATEGORIES, FALLBACK_CATEGORY } from '@habitquest/core/categories';
import {
  Briefcase,
  Flower2,
  Folder,
  Gamepad2,
  GraduationCap,
  HeartPulse,
  House,
  Palette,
  Sprout,
  Tag,
  Users,
  Wallet,
} from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { categoryIcon } from './category-icon';

describe('categoryIcon', () => {
  it('gives each default category its own icon', () => {
    const icons = DEFAULT_CATEGORIES.map((category) => categoryIcon(category.name));
    expect(icons).toEqual([Briefcase, Palette, Wallet, HeartPulse, Sprout, Users, Flower2]);
    expect(new Set(icons).size).toBe(DEFAULT_CATEGORIES.length);
    expect(categoryIcon(FALLBACK_CATEGORY.name, true)).toBe(Folder);
  });

  it('knows the other usual names, by their words, whatever their case', () => {
    expect(categoryIcon('Learning & Education')).toBe(GraduationCap);
    expect(categoryIcon('Career & Work')).toBe(Briefcase);
    expect(categoryIcon('Hobbies & Fun')).toBe(Gamepad2);
    expect(categoryIcon('Home & Environment')).toBe(House);
    expect(categoryIcon('Spiritual & Mindfulness')).toBe(Flower2);
    expect(categoryIcon('finance')).toBe(Wallet);
    // Word starts only: "homework" is home, "smart" and "heart" are not art.
    expect(categoryIcon('Homework')).toBe(House);
    expect(categoryIcon('Smart goals')).toBe(Tag);
    expect(categoryIcon('Sweetheart')).toBe(Tag);
    expect(categoryIcon('🎯 Side quests')).toBe(Tag);
  });
});
