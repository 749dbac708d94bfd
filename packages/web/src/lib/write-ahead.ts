/**
 * The outbox's write-ahead copies (docs/offline.md, "Written first"). The IndexedDB write of an
 * entry waits for the outbox's Web Lock, tens of milliseconds while another write settles, and a
 * reload or a closed tab in that wait lost a change the screen already showed. So each entry is
 * first copied to localStorage, synchronously, in the task of the user's action; the outbox takes
 * the copies it lacks in under its lock and removes them once IndexedDB holds the entries
 * (lib/outbox.ts). One key per entry, so tabs writing at once never overwrite each other's copies.
 * Without localStorage (turned off, or full) nothing is copied and the outbox works as before.
 */
import type { OutboxEntry } from './outbox';

/** "outbox" in the name: cleaning the cache never removes these (clean-cache.ts). */
const PREFIX = 'habitquest.outbox-copy:';
const METHODS: ReadonlySet<unknown> = new Set(['PUT', 'POST', 'PATCH', 'DELETE']);

/** Orders the copies one tab makes within the same millisecond. */
let made = 0;

type Copy = { entry: OutboxEntry; made: number };

/** Copies the entry now; false when localStorage refused it (then IndexedDB alone holds it). */
export function writeCopy(entry: OutboxEntry): boolean {
  try {
    made += 1;
    localStorage.setItem(PREFIX + entry.id, JSON.stringify({ entry, made } satisfies Copy));
    return true;
  } catch {
    return false;
  }
}

/**
 * The copies held now, in the order their changes were made. A value under our prefix that is
 * not a copy (corrupt, or another version's) is skipped and left alone; other keys are not read.
 */
export function readCopies(): OutboxEntry[] {
  const copies: Copy[] = [];
  for (const key of copyKeys()) {
    const copy = parseCopy(key.slice(PREFIX.length), readItem(key));
    if (copy) copies.push(copy);
  }
  return copies
    .sort((a, b) => a.entry.timestamp - b.entry.timestamp || a.made - b.made)
    .map((copy) => copy.entry);
}

/** Removes the copies of these entries (absent ones are no matter). */
export function removeCopies(ids: Iterable<string>): void {
  for (const id of ids) {
    try {
      localStorage.removeItem(PREFIX + id);
    } catch {
      return;
    }
  }
}

/** Removes every copy (sign-out: the next person on this device must not send them). */
export function removeAllCopies(): void {
  removeCopies(copyKeys().map((key) => key.slice(PREFIX.length)));
}

function copyKeys(): string[] {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The copy stored under `id`, or null when the value is not one (checked as far as replay needs). */
function parseCopy(id: string, text: string | null): Copy | null {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.entry) || !Number.isFinite(value.made)) return null;
  const { entry } = value;
  const isEntry =
    entry.id === id &&
    typeof entry.type === 'string' &&
    Number.isFinite(entry.timestamp) &&
    Number.isInteger(entry.retries) &&
    METHODS.has(entry.method) &&
    typeof entry.path === 'string' &&
    entry.path.startsWith('/api/');
  return isEntry ? { entry: entry as OutboxEntry, made: value.made as number } : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
