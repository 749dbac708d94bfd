/**
 * U+0000, the NUL character: JSON can carry it ("\u0000"), PostgreSQL's text and jsonb cannot
 * store it. Input holding one is refused as invalid up front, with where it is, rather than failing
 * at the database (docs/security.md, "Bad input").
 */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

type Entry = { value: unknown; key: string | number; parent: Entry | null };

/** Where a NUL is: the path to its string, or to the key that holds it (`isKey`). */
export type NulFound = { path: (string | number)[]; isKey: boolean };

/**
 * Every string (and object key) holding a NUL in a parsed JSON value, in document order, at most
 * `limit` of them: [{ path: ['habits', 2, 'name'], isKey: false }]. A key's path ends with the
 * key. Walks with its own stack, so any nesting is safe, and builds a path only for what it finds.
 */
export function nulPaths(value: unknown, limit = Infinity): NulFound[] {
  const found: NulFound[] = [];
  const stack: Entry[] = [{ value, key: '', parent: null }];
  for (let entry = stack.pop(); entry !== undefined && found.length < limit; entry = stack.pop()) {
    // A key is met before its value, as a reader meets them.
    if (entry.parent !== null && typeof entry.key === 'string' && entry.key.includes('\0')) {
      found.push({ path: pathOf(entry), isKey: true });
    }
    const item = entry.value;
    if (typeof item === 'string') {
      if (item.includes('\0')) found.push({ path: pathOf(entry), isKey: false });
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) {
        stack.push({ value: item[index] as unknown, key: index, parent: entry });
      }
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item).reverse()) {
        stack.push({ value: child, key, parent: entry });
      }
    }
  }
  return found.slice(0, limit);
}

/** The first of nulPaths, or null when the value holds no NUL. */
export function nulPath(value: unknown): (string | number)[] | null {
  return nulPaths(value, 1)[0]?.path ?? null;
}

function pathOf(entry: Entry): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Entry = entry; at.parent !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}
