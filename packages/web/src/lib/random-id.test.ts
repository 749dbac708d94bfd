import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from './random-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('randomId', () => {
  it('is a version 4 UUID on a secure page', () => {
    vi.stubGlobal('isSecureContext', true);
    expect(randomId()).toMatch(UUID_V4);
  });

  it('is a version 4 UUID, all different, where crypto.randomUUID is missing (plain http)', () => {
    vi.stubGlobal('isSecureContext', false);
    const spy = vi.spyOn(crypto, 'randomUUID');
    const ids = Array.from({ length: 500 }, randomId);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
