/**
 * U+0000, the NUL character: JSON can carry it ("\u0000"), PostgreSQL's text and jsonb cannot
 * store it. Input holding one is refused as invalid up front, with where it is, rather than failing
 * at the database (docs/security.md, "Bad input").
 */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

type Entry = { value: unknown; key: string | number; parent: Entry | null };

/**
 * The path to a string (or object key) holding a NUL in a parsed JSON value, or null when there
 * is none: ['habits', 2, 'name']. Walks with its own stack, so any nesting is safe, and builds a
 * path only for what it finds.
 */
export function nulPath(value: unknown): (string | number)[] | null {
  const stack: Entry[] = [{ value, key: '', parent: null }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const item = entry.value;
    if (typeof item === 'string') {
      if (item.includes('\0')) return pathOf(entry);
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) {
        stack.push({ value: item[index] as unknown, key: index, parent: entry });
      }
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item).reverse()) {
        if (key.includes('\0')) return pathOf({ value: child, key, parent: entry });
        stack.push({ value: child, key, parent: entry });
      }
    }
  }
  return null;
}

function pathOf(entry: Entry): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Entry = entry; at.parent !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}
