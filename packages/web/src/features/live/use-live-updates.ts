/**
 * Live updates (CONTRIBUTING.md): one EventSource on /api/events; each event invalidates the query keys
 * the contracts map names. A 'resync' (an import, a reset, a gap in the stream, or a change too
 * large to describe in one event) and a reconnect, after which events may have been missed,
 * invalidate every query the app holds. An event this tab caused (its data carries the tab's
 * CLIENT_ID) is skipped: the tab's mutation already refreshed the same keys, so a change costs
 * one refetch per list, not two. The first heartbeat of a stream says the revision of the data
 * it starts from: what the app read before it at an older revision is read again
 * (lib/read-revisions.ts).
 */
import { EVENT_NAMES, type EventName } from '@habitquest/contracts/event-map';
import { routes } from '@habitquest/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CLIENT_ID } from '../../lib/api';
import { dropEarlyReads } from '../../lib/early-reads';
import { streamEnded, streamStarted } from '../../lib/read-revisions';
import { invalidateFor } from '../../lib/invalidate';

export type LiveState = 'connecting' | 'live' | 'offline';

/** The tab that caused an event, from its data (the server adds it, origin.ts). */
export function originOf(data: unknown): string | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && 'origin' in parsed
      ? String(parsed.origin)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The revision a stream's first heartbeat carries (read-revisions.ts), if any. */
export function revisionOf(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    const revision =
      typeof parsed === 'object' && parsed !== null && 'revision' in parsed
        ? parsed.revision
        : null;
    return typeof revision === 'number' && Number.isSafeInteger(revision) ? revision : null;
  } catch {
    return null;
  }
}

/** The ids an 'achievements' event carries. */
export function unlockedIdsOf(data: unknown): string[] {
  if (typeof data !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(data);
    const ids =
      typeof parsed === 'object' && parsed !== null && 'ids' in parsed ? parsed.ids : undefined;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
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
    /** Set at each open: the stream's first heartbeat says the revision it starts from. */
    let isFirstBeat = false;
    let isReconnect = false;
    source.onopen = () => {
      setState('live');
      // Answers early or racing the start are older than what the stream will tell from here on.
      dropEarlyReads();
      isReconnect = hasConnected;
      if (hasConnected) invalidate('resync');
      hasConnected = true;
      isFirstBeat = true;
    };
    source.onerror = () => {
      setState('offline');
      streamEnded();
    };
    source.addEventListener('heartbeat', (event) => {
      if (!isFirstBeat) return;
      isFirstBeat = false;
      streamStarted(
        revisionOf(event.data),
        () => {
          invalidate('resync');
        },
        isReconnect,
      );
    });
    for (const name of EVENT_NAMES) {
      if (name === 'heartbeat') continue;
      source.addEventListener(name, (event) => {
        const isOwn = originOf(event.data) === CLIENT_ID;
        // Unlocked by this tab's own change: celebrated here, and the list read again.
        if (name === 'achievements') {
          if (isOwn) {
            const ids = unlockedIdsOf(event.data);
            // Loaded on the first unlock: the catalogue is not part of the first download.
            void import('../achievements/celebrate').then((module) => {
              module.celebrateAchievements(ids);
            });
          }
          invalidate(name);
          return;
        }
        // This tab's own change: its mutation already refreshed what the event would.
        if (isOwn) return;
        invalidate(name);
      });
    }
    return () => {
      source.close();
    };
  }, [isEnabled, queryClient]);

  return state;
}
