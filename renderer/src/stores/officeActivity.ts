/**
 * Presence and history of the shared list on screen (issue 25): while a view looks at list
 * `listId` and the list is attached to its office (stores/officeLists.ts), this client says it is
 * looking and reads who else is and the list's history (sync/officeActivity.ts). Looking at no
 * list, or the list being detached, stops looking, so colleagues see this member go. The names
 * come from the office server, which stamps them with the member it authenticated.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import type { ActivityRecord, PresenceMember } from '../../../contract/officeActivity.ts';
import { watchListActivity, type ListActivity } from '../sync/officeActivity.ts';
import { useOfficeListsStore } from './officeLists.ts';

export const useOfficeActivityStore = defineStore('officeActivity', () => {
  const office = useOfficeListsStore();
  /** The list on screen, or null. */
  const listId = ref<number | null>(null);
  const present = shallowRef<PresenceMember[]>([]);
  const records = shallowRef<ActivityRecord[]>([]);
  let current: ListActivity | null = null;

  function stop(): void {
    current?.stop();
    current = null;
    present.value = [];
    records.value = [];
  }

  watch(
    () => (listId.value === null ? undefined : office.attachedLists.get(listId.value)),
    (list) => {
      stop();
      if (!list) return;
      const activity = watchListActivity(list.provider);
      const read = () => {
        present.value = activity.present();
        records.value = activity.records();
      };
      activity.onChange(read);
      activity.look(true);
      current = activity;
      read();
    },
    { immediate: true },
  );

  /** The view shows list `id` (null: none): presence follows it. */
  function look(id: number | null): void {
    listId.value = id;
  }

  return { listId, present, records, look };
});
