import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ActorListItem } from '../../../contract/directory-api.ts';
import type { BridgeError } from '../../../contract/bridge-errors.ts';
import { mediaUrl, prepareMedia } from '../bridge/castdeskBridge.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';

/** Actors per page of the list view. */
export const actorPageSize = 50;

/**
 * The first page of actors of a connection, as the list view shows it, with the state of its
 * loading. Pictures are addressed through the back end's media cache (mediaUrl), never directly.
 */
export const useActorListStore = defineStore('actorList', () => {
  const bridge = useBridge();

  const connectionId = ref<string | null>(null);
  const items = ref<ActorListItem[]>([]);
  const total = ref(0);
  const loading = ref(false);
  const error = ref<BridgeError | null>(null);
  let request = 0;

  /** Loads the first page of `id`'s actors; a later call wins over one still running. */
  async function load(id: string): Promise<void> {
    const current = ++request;
    connectionId.value = id;
    loading.value = true;
    error.value = null;
    const [result] = await Promise.all([
      bridge.listActors({ connectionId: id, params: { perPage: actorPageSize, order: 'name', includePicture: true, pictureVersion: 'thumb' } }),
      prepareMedia(),
    ]);
    if (current !== request) return;
    loading.value = false;
    if (result.ok) {
      items.value = result.value.items;
      total.value = result.value.total;
    } else {
      items.value = [];
      total.value = 0;
      error.value = result.error;
    }
  }

  function clear(): void {
    request += 1;
    connectionId.value = null;
    items.value = [];
    total.value = 0;
    loading.value = false;
    error.value = null;
  }

  /** The thumbnail of an actor through the media cache, or null when the list has none. */
  function thumbnailUrl(actor: ActorListItem): string | null {
    const picture = actor.main_picture_url_tile ?? actor.picture_url;
    return picture && connectionId.value ? mediaUrl(connectionId.value, picture) : null;
  }

  return { connectionId, items, total, loading, error, load, clear, thumbnailUrl };
});
