import { describe, expect, it } from 'vitest';
import { checkCreate, checkUpdate, initialFields, parseCost } from './reward-form';

const COST_MESSAGE = 'Cost must be a whole number of points from 1 to 10,000.';

describe('parseCost', () => {
  it('takes a whole number of points from 1 to 10000', () => {
    expect(parseCost(' 40 ')).toBe(40);
    expect(parseCost('1')).toBe(1);
    expect(parseCost('10000')).toBe(10_000);
  });

  it('refuses, never forces: 0, negatives, fractions, blanks and words are null', () => {
    for (const text of ['0', '-10', '12.7', '2.5', '', '  ', 'abc', '10001', '1e3']) {
      expect(parseCost(text)).toBeNull();
    }
  });
});

describe('the cost message', () => {
  it.each(['0', '-10', '12.7', '', '10001'])('says one thing for %j', (cost) => {
    const checked = checkCreate({ ...initialFields(null), name: 'Movie night', cost });
    expect(checked.input).toBeNull();
    expect(checked.errors).toEqual({ cost: COST_MESSAGE });
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
      cost: COST_MESSAGE,
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
