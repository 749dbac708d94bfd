/**
 * The one shape of an optimistic change (CONTRIBUTING.md): the queries it touches are cancelled,
 * saved, patched at once; a failure puts them back and says why; afterwards what the route's
 * events name is refetched. A change that needs the server (everything but a completion, which
 * the outbox keeps) is refused at once while the server is out of reach, before anything moves on
 * screen (docs/offline.md).
 */
import type { EventName } from '@habitquest/contracts/event-map';
import {
  useMutation,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { toast } from './toast';
import { ApiError } from './api';
import { invalidateFor } from './invalidate';
import { isReachable } from './reachability';

export const OFFLINE_MESSAGE =
  "You're offline. This change needs a connection to HabitQuest; try again once you're back.";

/** One cache change: every query under `queryKey` gets `update` applied. */
export type Patch = { queryKey: QueryKey; apply: (client: QueryClient) => void };

export function patch<TData>(
  queryKey: QueryKey,
  update: (data: TData | undefined) => TData | undefined,
): Patch {
  return {
    queryKey,
    apply: (client) => {
      client.setQueriesData<TData>({ queryKey }, update);
    },
  };
}

type Saved = [QueryKey, unknown][];

export type OptimisticOptions<TVars, TResult> = {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** Names the queries it changes, for what must spare them while it is pending (Clean cache). */
  mutationKey?: QueryKey;
  /** What shows at once; put back if the server refuses. */
  patches: (vars: TVars, client: QueryClient) => Patch[];
  /** The events the route publishes: refetched afterwards (this tab skips their echo). */
  events:
    readonly EventName[] | ((vars: TVars, result: TResult | undefined) => readonly EventName[]);
  /** The toast for a failure (unreachable: the reason instead), or null when the caller tells. */
  failure: (error: unknown, vars: TVars) => string | null;
  onSuccess?: (result: TResult, vars: TVars) => void;
  /** Said instead of OFFLINE_MESSAGE when the change is refused offline. */
  offlineMessage?: string;
  /**
   * Runs first, before anything moves on screen; a change it stores for later (the outbox) is
   * not refused offline.
   */
  store?: (vars: TVars) => Promise<void>;
};

/**
 * The options of an optimistic change for TanStack Query: for `useMutation` (the hook below), or
 * for a MutationObserver of a change whose code loads when first used.
 */
export function optimisticMutationOptions<TVars, TResult>(
  client: QueryClient,
  options: OptimisticOptions<TVars, TResult>,
) {
  return {
    // Offline is decided here (docs/offline.md), not by TanStack Query's pausing.
    networkMode: 'always',
    ...(options.mutationKey ? { mutationKey: options.mutationKey } : {}),
    mutationFn: options.mutationFn,
    onMutate: async (vars): Promise<Saved> => {
      if (options.store) await options.store(vars);
      else if (!isReachable())
        throw new ApiError(0, 'OFFLINE', options.offlineMessage ?? OFFLINE_MESSAGE);
      const patches = options.patches(vars, client);
      await Promise.all(patches.map(({ queryKey }) => client.cancelQueries({ queryKey })));
      const saved = patches.flatMap(({ queryKey }) => client.getQueriesData({ queryKey }));
      for (const change of patches) change.apply(client);
      return saved;
    },
    onError: (error, vars, saved) => {
      for (const [queryKey, data] of saved ?? []) client.setQueryData(queryKey, data);
      const fallback = options.failure(error, vars);
      if (fallback === null) return;
      const isUnreachable =
        error instanceof ApiError && (error.code === 'OFFLINE' || error.code === 'NETWORK');
      toast.error(isUnreachable ? error.message : fallback);
    },
    onSuccess: (result, vars) => {
      options.onSuccess?.(result, vars);
    },
    // Not awaited: offline the refetch waits for the network, and the mutation (with the guard
    // against a second toggle of the same habit and day) must not wait with it.
    onSettled: (result, _error, vars) =>
      void invalidateFor(
        client,
        ...(typeof options.events === 'function' ? options.events(vars, result) : options.events),
      ),
  } satisfies MutationOptions<TResult, Error, TVars, Saved>;
}

export function useOptimisticMutation<TVars, TResult>(options: OptimisticOptions<TVars, TResult>) {
  const client = useQueryClient();
  return useMutation(optimisticMutationOptions(client, options));
}
