import { describe, expect, it } from 'vitest';
import { idPicker, uuidOf } from './row-ids';

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
