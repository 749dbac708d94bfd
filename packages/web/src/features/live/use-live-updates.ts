/**
 * Live updates (STYLE §4): one EventSource on /api/events; each event invalidates the query keys
 * the contracts map names, and a reconnect refetches everything, since events may have been missed.
 */
import { EVENT_NAMES, INVALIDATES, type EventName } from '@habitquest/contracts/event-map';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

export type LiveState = 'connecting' | 'live' | 'offline';

export function useLiveUpdates(isEnabled: boolean): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    if (!isEnabled) return;
    const source = new EventSource('/api/events');
    let hasConnected = false;
    const invalidate = (name: EventName): void => {
      for (const queryKey of INVALIDATES[name]) void queryClient.invalidateQueries({ queryKey });
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
