/**
 * Presence and history of the shared list on screen (issue 25): while a view looks at list
 * `listId` and the list is attached to its office (stores/officeLists.ts), this client says it is
 * looking and reads who else is and the list's history (sync/officeActivity.ts). Looking at no
 * list, or the list being detached, stops looking, so colleagues see this member go. The names
 * come from the office server, which stamps them with the member it authenticated.
 *
 * Every record received is kept on this computer (db/officeActivityDb.ts), and the history shown
 * is what was kept together with what arrives, so offline the panel shows what arrived before.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import { activityNewestFirst, type ActivityRecord, type PresenceMember } from '../../../contract/officeActivity.ts';
import { activityRecordsKept, keepListActivity, officeActivityDb, readListActivity } from '../db/officeActivityDb.ts';
import { watchListActivity, type ListActivity } from '../sync/officeActivity.ts';
import { useOfficeListsStore } from './officeLists.ts';

/** Each record once (the one that arrived last wins), newest first, as many as are kept. */
function mergedHistory(kept: readonly ActivityRecord[], live: readonly ActivityRecord[]): ActivityRecord[] {
  const byId = new Map<string, ActivityRecord>();
  for (const record of [...kept, ...live]) byId.set(record.id, record);
  return [...byId.values()].sort(activityNewestFirst).slice(0, activityRecordsKept);
}

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
      const documentName = list.provider.configuration.name;
      const activity = watchListActivity(list.provider);
      let kept: ActivityRecord[] = [];
      /** Ids kept on this computer or being written: each record is written once. */
      const written = new Set<string>();
      const keepNew = (live: readonly ActivityRecord[]) => {
        const fresh = live.filter((record) => !written.has(record.id));
        if (fresh.length === 0) return;
        for (const record of fresh) written.add(record.id);
        // A failed write (a full disk) costs only the offline view: the records are tried again with the next one.
        keepListActivity(officeActivityDb(), documentName, fresh).catch(() => fresh.forEach((record) => written.delete(record.id)));
      };
      const read = () => {
        present.value = activity.present();
        const live = activity.records();
        records.value = mergedHistory(kept, live);
        keepNew(live);
      };
      activity.onChange(read);
      activity.look(true);
      current = activity;
      read();
      readListActivity(officeActivityDb(), documentName)
        .then((stored) => {
          if (current !== activity) return;
          kept = stored;
          for (const record of stored) written.add(record.id);
          records.value = mergedHistory(kept, activity.records());
        })
        .catch(() => undefined);
    },
    { immediate: true },
  );

  /** The view shows list `id` (null: none): presence follows it. */
  function look(id: number | null): void {
    listId.value = id;
  }

  return { listId, present, records, look };
});
