import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('changedFields', () => {
  const shown = { name: 'Coffee', cost: 50, description: null as string | null };

  it('keeps only what differs from the record as shown, nulls included', () => {
    expect(changedFields(shown, { name: 'Coffee', cost: 80, description: null })).toEqual({
      cost: 80,
    });
    expect(changedFields(shown, { name: 'Coffee', cost: 50, description: 'Large' })).toEqual({
      description: 'Large',
    });
    expect(changedFields({ ...shown, description: 'Large' }, { description: null })).toEqual({
      description: null,
    });
  });

  it('answers null when nothing changed, and never sends a field left undefined', () => {
    expect(changedFields(shown, { ...shown })).toBeNull();
    expect(changedFields(shown, { name: undefined, cost: 50 })).toBeNull();
  });
});
