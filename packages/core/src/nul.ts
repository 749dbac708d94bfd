/**
 * U+0000, the NUL character: JSON can carry it ("\u0000"), PostgreSQL's text and jsonb cannot
 * store it. Input holding one is refused as invalid up front, with where it is, rather than failing
 * at the database (docs/security.md, "Bad input").
 */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/**
 * The path to the first string (or object key) holding a NUL in a parsed JSON value, or null when
 * there is none: ['habits', 2, 'name'].
 */
export function nulPath(value: unknown, path: readonly PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\0') ? [...path] : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = nulPath(value[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return [...path, key];
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
