/**
 * A create, edit or delete that works offline (docs/offline.md): its request goes into the
 * outbox with what it does to the cached lists, before anything moves on screen; then it is sent
 * at once when the server answers, else it waits and is replayed in order. A create names its row
 * with an id made here, so a later queued change (an edit, a completion) can refer to it.
 *
 * The mutation resolves with 'synced' and the server's answer, or 'queued'. A refusal the server
 * gives now rejects it (the caller's dialog or toast says why) and the optimistic change is put
 * back; a refusal that comes after the change waited is OfflineSync's to show.
 */
import type { EventName } from '@habitquest/contracts/event-map';
import { pathWith, type Route } from '@habitquest/contracts/routes';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CallInput } from '../../lib/api';
import type { OutboxEntry } from '../../lib/outbox';
import { useOptimisticMutation, type Patch } from '../../lib/optimistic';
import {
  applyListChange,
  type ListChange,
  type ListChangesPayload,
  type ListName,
} from './list-changes';
import { completionsPatch, type CompletionsChange } from './completion-changes';
import { queueChange, sendQueued, type Sent } from './send-queued';
import { randomId } from '../../lib/random-id';

/** What one user action sends, and what it does to the lists on screen. */
export type Prepared = {
  method: OutboxEntry['method'];
  path: string;
  body: unknown;
  changes: ListChange[];
  /** What it does to every cached window of completions (a habit's new frequency regroups them). */
  completions?: CompletionsChange[];
};

/** The entry and changes of each pending action (the same object reaches every step). */
const prepared = new WeakMap<object, { id: string } & ListChangesPayload>();

export function useQueuedMutation<TVars extends object, TResult>(options: {
  /** The outbox entry's type: what kind of change, for reading the queue. */
  type: string;
  /** Called once, when the user acts: the request and its list changes. */
  prepare: (vars: TVars, client: QueryClient) => Prepared;
  /**
   * 'at-once' (the default) shows the change when it is stored. 'when-queued' shows it only
   * once it has to wait: a create whose refusal (a limit, a taken name) its dialog shows while
   * the server can answer, rather than flashing a row that then vanishes.
   */
  show?: 'at-once' | 'when-queued';
  /** The events the route publishes, refetched once the server has the change. */
  events: readonly EventName[] | ((vars: TVars) => readonly EventName[]);
  failure: (error: unknown, vars: TVars) => string | null;
  /** The server's answer, when it came now. */
  onSynced?: (result: TResult, vars: TVars, client: QueryClient) => void;
}) {
  const client = useQueryClient();
  const show = options.show ?? 'at-once';
  const patchesOf = (vars: TVars): Patch[] => {
    const entry = prepared.get(vars);
    if (!entry) return [];
    return [...entry.changes.map(listPatch), ...(entry.completions ?? []).map(completionsPatch)];
  };
  return useOptimisticMutation({
    store: async (vars: TVars) => {
      const { changes, completions, ...request } = options.prepare(vars, client);
      const id = randomId();
      const payload: ListChangesPayload = {
        changes,
        ...(completions?.length ? { completions } : {}),
      };
      await queueChange({
        id,
        type: options.type,
        payload,
        timestamp: Date.now(),
        retries: 0,
        ...request,
      });
      prepared.set(vars, { id, ...payload });
    },
    mutationFn: (vars: TVars) => sendQueued<TResult>(prepared.get(vars)?.id ?? ''),
    patches: (vars) => (show === 'at-once' ? patchesOf(vars) : []),
    events: (vars, sent) => {
      // Still queued: the server does not have it yet, so there is nothing new to read.
      if (sent?.kind === 'queued') return [];
      return typeof options.events === 'function' ? options.events(vars) : options.events;
    },
    failure: options.failure,
    onSuccess: (sent: Sent<TResult>, vars) => {
      if (sent.kind === 'synced') options.onSynced?.(sent.body, vars, client);
      else if (show === 'when-queued') for (const change of patchesOf(vars)) change.apply(client);
    },
  });
}

function listPatch(change: ListChange): Patch {
  const queryKey = [change.list];
  return {
    queryKey,
    apply: (client) => {
      client.setQueryData<{ id: string }[]>(queryKey, (list) =>
        list ? applyListChange(list, change) : list,
      );
    },
  };
}

/** The request `call(route, input)` would send, for an outbox entry. */
export function requestTo<R extends Route>(
  route: R,
  input: CallInput<R>,
): Omit<Prepared, 'changes'> {
  return {
    method: route.method.toUpperCase() as OutboxEntry['method'],
    path: pathWith(route.path, input.params ?? {}),
    body: input.body,
  };
}

/** An onSynced that puts the server's row in its list, in place of the draft with its id. */
export function putInList(list: ListName) {
  return (item: { id: string }, _vars: unknown, client: QueryClient): void => {
    listPatch({ list, op: 'put', item }).apply(client);
  };
}
