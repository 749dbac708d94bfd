/** PostgreSQL's SQLSTATE of a failed query, from pg or PGlite, directly or wrapped by Drizzle. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** Text PostgreSQL cannot store: a NUL in text (22021) or in jsonb (22P05). */
export function isUnstorableText(error: unknown): boolean {
  const state = sqlState(error);
  return state === '22021' || state === '22P05';
}
