/**
 * The app's own update, as the renderer sees it: where it stands (asked from the back end on start
 * and every few minutes while an update may still come) and the user's answer to a ready one. The
 * back end decides everything else; the web shell and builds without a feed answer `unavailable`,
 * and then nothing is asked again.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { UpdateStatus } from '../../../contract/bridge.ts';
import type { BridgeError } from '../../../contract/bridge-errors.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';

/** How often the status is asked again: a download finishes in the background, unannounced. */
export const updatePollMs = 5 * 60 * 1000;

export const useUpdatesStore = defineStore('updates', () => {
  const bridge = useBridge();
  const status = ref<UpdateStatus>({ phase: 'unavailable', consent: 'undecided' });
  /** Why the last answer was refused (an update that is no longer ready, a shell without updates). */
  const error = ref<BridgeError | null>(null);
  let timer: ReturnType<typeof setInterval> | undefined;

  async function refresh(): Promise<void> {
    const answer = await bridge.getUpdateStatus({}).catch(() => null);
    if (answer?.ok) status.value = answer.value;
    if (status.value.phase === 'unavailable') stop();
  }

  /** Asks now and then every few minutes until stopped (or updates turn out to be unavailable). */
  async function start(): Promise<void> {
    stop();
    timer = setInterval(() => void refresh(), updatePollMs);
    await refresh();
  }

  function stop(): void {
    clearInterval(timer);
    timer = undefined;
  }

  async function answer(consent: 'install_on_quit' | 'later'): Promise<void> {
    const result = await bridge.setUpdateConsent({ consent });
    if (result.ok) {
      status.value = result.value;
      error.value = null;
    } else {
      error.value = result.error;
      await refresh();
    }
  }

  return { status, error, refresh, start, stop, answer };
});
