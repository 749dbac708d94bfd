/**
 * Importing a code-split chunk again after its download failed. The browser's module map may keep
 * the failed URL, so calling import() again can fail at once: when it does, the chunk's URL is
 * imported with a query added, which the module map counts as a new module.
 */

/** The chunk a failed dynamic import names ("Failed to fetch dynamically imported module: URL"). */
export function chunkUrlOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/[^\s'"]+?\.js)\b/.exec(message)?.[1] ?? null;
}

/** Loads a module again after `failure`, past the caches that remember the failure. */
export async function importAgain<M>(
  load: () => Promise<M>,
  failure: unknown,
  attempt: number,
): Promise<M> {
  try {
    return await load();
  } catch (error) {
    const url = chunkUrlOf(error) ?? chunkUrlOf(failure);
    if (!url) throw error;
    const fresh = new URL(url);
    fresh.searchParams.set('retry', String(attempt));
    return (await import(/* @vite-ignore */ fresh.href)) as M;
  }
}
