/**
 * What an edit sends: only the fields whose value the user changed from the record as it was
 * shown, so an edit that waited offline never puts back what another device changed meanwhile in
 * a field this one left alone (docs/offline.md, "Edits"). Null when nothing changed.
 */
export function changedFields<T extends object>(
  current: { readonly [K in keyof T]?: unknown },
  next: T,
): Partial<T> | null {
  const changed: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (next[key] !== undefined && next[key] !== current[key]) changed[key] = next[key];
  }
  return Object.keys(changed).length === 0 ? null : changed;
}
