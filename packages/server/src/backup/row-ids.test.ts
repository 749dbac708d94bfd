import { describe, expect, it } from 'vitest';
import { derivedId, idPicker, uuidOf } from './row-ids';

const A = '0b6f8a2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const B = '1c7a9b3f-4d5e-4f60-9b0c-1d2e3f4a5b6c';

describe('row ids of an import', () => {
  it('recognises uuids in their stored, lowercase form', () => {
    expect(uuidOf(A.toUpperCase())).toBe(A);
    expect(uuidOf(` ${A} `)).toBe(A);
    for (const id of [undefined, '', 'habit-1', `${A}0`, A.replace(/-/g, '')]) {
      expect(uuidOf(id)).toBeNull();
    }
  });

  it("keeps a free uuid once; another user's id, a repeat or a non-uuid gets a fresh one", () => {
    const pick = idPicker(new Set([B]));
    expect(pick(A)).toBe(A);
    const repeat = pick(A);
    const taken = pick(B);
    const other = pick('not-a-uuid');
    const none = pick(undefined);
    const fresh = [repeat, taken, other, none];
    for (const id of fresh) expect(uuidOf(id)).toBe(id);
    expect(new Set([A, ...fresh]).size).toBe(5);
  });
});

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
