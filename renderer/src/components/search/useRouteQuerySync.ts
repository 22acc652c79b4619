/**
 * Keeps a list's search and its route query in step through vue-router's public API: the route
 * is read on open and on back/forward; the search is written back (replaced, debounced, since a
 * keystroke must not wait for the router) once typing pauses. Leaving with a write still waiting
 * (typing, then opening a result at once) writes it into the list's history entry first, so Back
 * returns to the search as typed, not to the one before.
 */
import { onBeforeUnmount, watch } from 'vue';
import { onBeforeRouteLeave, useRoute, useRouter, type LocationQueryRaw } from 'vue-router';
import type { RouteQuery } from '../../search/profileQueryUrl.ts';

/** How long the URL waits for typing to pause. */
const urlDelayMs = 250;

export function useRouteQuerySync(options: {
  routeName: string;
  /** The search as a route query, as it should stand in the URL. */
  current: () => Record<string, string | string[]>;
  /** Takes the search from a route query (a no-op when it is the same search). */
  apply: (query: RouteQuery) => void;
}): void {
  const route = useRoute();
  const router = useRouter();
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Back/forward has moved the browser already: a waiting write would land on the wrong entry.
  let popped: string | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  watch(
    () => route.query,
    (query) => {
      popped = null;
      if (route.name !== options.routeName) return;
      // A navigation (back, a saved search) wins over a URL update still waiting to be written.
      cancel();
      options.apply(query);
    },
    { immediate: true },
  );

  const target = () => ({ name: options.routeName, query: options.current() as LocationQueryRaw });
  watch(
    () => JSON.stringify(options.current()),
    () => {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        if (route.name === options.routeName && JSON.stringify(options.current()) !== JSON.stringify(route.query)) void router.replace(target());
      }, urlDelayMs);
    },
  );

  const stopListening = router.options.history.listen((to) => {
    popped = to;
  });

  onBeforeRouteLeave(() => {
    const wasPopped = popped !== null;
    popped = null;
    const waiting = timer !== null;
    cancel();
    // The list's own entry takes the search before the next one is pushed (the router's history
    // writes the URL without a navigation of its own, which would cancel this one).
    if (waiting && !wasPopped) router.options.history.replace(router.resolve(target()).fullPath);
  });

  onBeforeUnmount(() => {
    cancel();
    stopListening();
  });
}
