import { INVALIDATES, type EventName } from '@habitquest/contracts/event-map';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Invalidates what the events name, each query key once; a 'resync' invalidates every query.
 * A tab's own mutations call it with the events their route publishes, so the tab refreshes
 * exactly what another tab would, and skips the echo of those events (features/live).
 */
export async function invalidateFor(
  queryClient: QueryClient,
  ...names: readonly EventName[]
): Promise<void> {
  if (names.includes('resync')) {
    await queryClient.invalidateQueries();
    return;
  }
  const keys = new Map(
    names.flatMap((name) => INVALIDATES[name]).map((key) => [key.join('\u0000'), key]),
  );
  await Promise.all(
    [...keys.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
