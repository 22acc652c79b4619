/**
 * Whether each connection's directory can be reached, for the views (sync/directoryReachability.ts
 * decides): every directory request says so, and a cheap check asks the active connection's
 * directory while it is quiet or away. The shell's offline banner and the Start page read it
 * (through the sync store's `offline`), so the offline state shows on every page at once instead
 * of after a profile fails to load.
 */
import { defineStore } from 'pinia';
import { computed, inject, onScopeDispose, ref, type InjectionKey } from 'vue';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { onDirectoryAnswer } from '../bridge/directoryAnswers.ts';
import { defaultReachabilityTiming, DirectoryReachability, type ReachabilityTiming } from '../sync/directoryReachability.ts';

export type { ReachabilityTiming };

/** Tests provide shorter intervals on the app, as they provide the bridge. */
export const reachabilityTimingKey: InjectionKey<ReachabilityTiming> = Symbol('castdesk-reachability-timing');

export const useReachabilityStore = defineStore('reachability', () => {
  const bridge = useBridge();
  /** Connection id → whether its directory answered the last request; absent: not asked yet. */
  const reached = ref<Readonly<Record<string, boolean>>>({});
  /** The connection the checks are for (the active one); the others learn from their own requests. */
  const followed = ref<string | null>(null);
  const reachability = new DirectoryReachability({
    bridge,
    subscribe: (listener) => onDirectoryAnswer(bridge, listener),
    timing: inject(reachabilityTimingKey, defaultReachabilityTiming),
    onChange: (next) => (reached.value = next),
  });

  /** Whether connection `id`'s directory is known to be out of reach. */
  function unreachable(id: string | null): boolean {
    return id !== null && reached.value[id] === false;
  }

  const followedOffline = computed(() => unreachable(followed.value));

  /** Checks the directory of connection `id` from now on (null: none). */
  function follow(id: string | null): void {
    followed.value = id;
    reachability.follow(id);
  }

  onScopeDispose(() => reachability.dispose());

  return { reached, followed, followedOffline, unreachable, follow };
});
