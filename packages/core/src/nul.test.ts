import { describe, expect, it } from 'vitest';
import { nulPath } from './nul';

describe('nulPath', () => {
  it('finds a NUL in strings and keys, however deep', () => {
    expect(nulPath(JSON.parse('{"a":[1,"ok",{"b":"x\\u0000y"}]}'))).toEqual(['a', 2, 'b']);
    expect(nulPath(JSON.parse('{"a":{"k\\u0000":1}}'))).toEqual(['a', 'k\0']);
    expect(nulPath('\0')).toEqual([]);
    expect(nulPath(['a', 'b\0'])).toEqual([1]);
  });

  it('finds nothing in clean values, escaped backslashes included', () => {
    expect(nulPath(JSON.parse('{"a":"\\\\u0000","b":[null,true,2.5,{}]}'))).toBeNull();
    expect(nulPath(null)).toBeNull();
    expect(nulPath(42)).toBeNull();
  });

  it('walks nesting far deeper than the call stack would allow', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown;
    expect(nulPath(deep)).toHaveLength(depth);
  });
});
