/**
 * The listeners of a module's store for one kind of news. `subscribe` returns the unsubscribe,
 * the shape useSyncExternalStore takes; `emit` calls every listener subscribed as it starts, so
 * one that unsubscribes (or subscribes another) while being called changes nothing of this round.
 */
export type Listeners<Args extends unknown[]> = {
  subscribe: (listener: (...args: Args) => void) => () => void;
  emit: (...args: Args) => void;
};

export function createListeners<Args extends unknown[] = []>(): Listeners<Args> {
  const listeners = new Set<(...args: Args) => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit: (...args) => {
      for (const listener of [...listeners]) listener(...args);
    },
  };
}
