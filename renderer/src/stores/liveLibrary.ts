/**
 * Keeps a store's state in step with a Dexie query: the query runs again whenever the tables it
 * read change (the sync engine writing a page, a detail arriving), so views show the cache as it
 * fills without polling. Stores use it; components never see Dexie.
 */
import { liveQuery, type Subscription } from 'dexie';
import { onScopeDispose, watch, type WatchSource } from 'vue';

/**
 * Runs `query(input)` live while `source` gives an input, and again whenever the input changes;
 * `null` from the source stops it. Call inside a store's setup (the watcher ends with the store).
 */
export function watchLive<Input, Result>(
  source: WatchSource<Input | null>,
  query: (input: Input) => Promise<Result>,
  handlers: { next: (result: Result, input: Input) => void; error: (error: unknown) => void },
): void {
  let subscription: Subscription | null = null;
  const stop = () => {
    subscription?.unsubscribe();
    subscription = null;
  };
  watch(
    source,
    (input) => {
      stop();
      if (input === null) return;
      subscription = liveQuery(() => query(input)).subscribe({
        next: (result) => handlers.next(result, input),
        error: handlers.error,
      });
    },
    { immediate: true, deep: true },
  );
  onScopeDispose(stop);
}
