import { describe, expect, it } from 'vitest';
import { derivedId, uuidOf } from './row-ids';

describe('derivedId', () => {
  it('is a lowercase uuid, the same for the same user and file id', () => {
    const id = derivedId('user-1', '0b6a3c1e-7d2f-4a55-9b1e-2f3c4d5e6f70');
    expect(uuidOf(id)).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedId('user-1', '0b6a3c1e-7d2f-4a55-9b1e-2f3c4d5e6f70')).toBe(id);
  });

  it('differs between users and between file ids', () => {
    expect(derivedId('user-1', 'habit-1')).not.toBe(derivedId('user-2', 'habit-1'));
    expect(derivedId('user-1', 'habit-1')).not.toBe(derivedId('user-1', 'habit-2'));
  });
});
