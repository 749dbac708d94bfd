/**
 * Live updates (CONTRIBUTING.md): one EventSource on /api/events; each event invalidates the query keys
 * the contracts map names. A 'resync' (an import, a reset, a gap in the stream, or a change too
 * large to describe in one event) and a reconnect, after which events may have been missed,
 * invalidate every query the app holds.
 */
import { EVENT_NAMES, INVALIDATES, type EventName } from '@habitquest/contracts/event-map';
import { routes } from '@habitquest/contracts/routes';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

export type LiveState = 'connecting' | 'live' | 'offline';

/** Invalidates what an event names; a 'resync' invalidates every query, whatever its key. */
export async function invalidateFor(queryClient: QueryClient, name: EventName): Promise<void> {
  if (name === 'resync') {
    await queryClient.invalidateQueries();
    return;
  }
  await Promise.all(
    INVALIDATES[name].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export function useLiveUpdates(isEnabled: boolean): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    if (!isEnabled) return;
    const source = new EventSource(routes.events.path);
    let hasConnected = false;
    const invalidate = (name: EventName): void => {
      void invalidateFor(queryClient, name);
    };
    source.onopen = () => {
      setState('live');
      if (hasConnected) invalidate('resync');
      hasConnected = true;
    };
    source.onerror = () => {
      setState('offline');
    };
    for (const name of EVENT_NAMES) {
      if (name === 'heartbeat') continue;
      source.addEventListener(name, () => {
        invalidate(name);
      });
    }
    return () => {
      source.close();
    };
  }, [isEnabled, queryClient]);

  return state;
}
