import { defineStore } from 'pinia';
import { ref } from 'vue';
import { isSafeExternalUrl } from '../../../contract/external-url.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import type { LibraryError } from './libraryErrors.ts';

/**
 * Links that leave the app (a profile's website, a casting call's contact address): opened by the
 * OS browser or mail program through the bridge's `openExternal` channel, in both shells. Views ask
 * `canOpen` to decide whether to offer a link at all; the back end checks again with the same rule.
 */
export const useExternalLinksStore = defineStore('externalLinks', () => {
  const bridge = useBridge();

  /** The last failure of `open` (errors.<code>): a refused link, a link no program took, or a bridge error. */
  const error = ref<LibraryError | null>(null);
  const opening = ref(false);

  /** Whether `url` is a link Castdesk opens: https with a host, or mailto (contract/external-url.ts). */
  function canOpen(url: string): boolean {
    return isSafeExternalUrl(url);
  }

  /** Opens `url` outside the app; never rejects. An unsafe link never reaches the bridge. */
  async function open(url: string): Promise<void> {
    error.value = null;
    if (!canOpen(url)) {
      error.value = { code: 'unsafe_link', message: 'Only https and mailto links are opened outside the app.' };
      return;
    }
    opening.value = true;
    try {
      const result = await bridge.openExternal({ url });
      if (!result.ok) error.value = { code: result.error.code, message: result.error.message };
      else if (!result.value.opened) error.value = { code: 'link_not_opened', message: 'No program took the link.' };
    } catch (thrown) {
      error.value = { code: 'internal', message: thrown instanceof Error ? thrown.message : String(thrown) };
    } finally {
      opening.value = false;
    }
  }

  function clearError(): void {
    error.value = null;
  }

  return { error, opening, canOpen, open, clearError };
});
