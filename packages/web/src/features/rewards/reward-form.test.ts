import { describe, expect, it } from 'vitest';
import { checkCreate, checkUpdate, initialFields, parseCost } from './reward-form';

describe('parseCost', () => {
  it('forces a cost below 1 up to 1 (spec §5)', () => {
    expect(parseCost('0')).toBe(1);
    expect(parseCost('-20')).toBe(1);
    expect(parseCost(' 40 ')).toBe(40);
  });

  it('is NaN for blank or fractional input', () => {
    expect(parseCost('')).toBeNaN();
    expect(parseCost('2.5')).toBeNaN();
    expect(parseCost('abc')).toBeNaN();
  });
});

describe('checkCreate', () => {
  it('starts at the default cost of 100', () => {
    expect(initialFields(null).cost).toBe('100');
  });

  it('stores empty optional fields as null', () => {
    const checked = checkCreate({ ...initialFields(null), name: ' Movie night ', cost: '40' });
    expect(checked.input).toEqual({
      name: 'Movie night',
      cost: 40,
      description: null,
      category: null,
      icon: null,
      rarity: null,
      keepInShop: false,
    });
  });

  it('says a blank name is required and a cost above 10000 is out of range', () => {
    const checked = checkCreate({ ...initialFields(null), name: '  ', cost: '10001' });
    expect(checked.errors).toEqual({
      name: 'Reward name is required',
      cost: 'Cost must be a whole number from 1 to 10,000 points.',
    });
  });
});

describe('checkUpdate', () => {
  it('sends every field shown in the form', () => {
    const fields = { name: 'Pizza', cost: '80', description: '', icon: '🍕', keepInShop: true };
    expect(checkUpdate(fields).input).toEqual({
      name: 'Pizza',
      cost: 80,
      description: null,
      icon: '🍕',
      keepInShop: true,
    });
  });
});
