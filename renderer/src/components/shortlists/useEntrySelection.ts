/**
 * Which entries are selected (to remove them or compare them), shared by the detailed list and
 * the contact grid; an entry that leaves the list leaves the selection.
 */
import { computed, ref, watch, type Ref } from 'vue';
import { compareMax, compareMin } from '../../stores/compare.ts';
import type { ShownEntry } from './useEntryTexts.ts';

export function useEntrySelection(entries: Ref<readonly ShownEntry[]>) {
  const selected = ref<Set<number>>(new Set());
  watch(entries, (rows) => {
    const present = new Set(rows.map((row) => row.id));
    if ([...selected.value].some((id) => !present.has(id))) selected.value = new Set([...selected.value].filter((id) => present.has(id)));
  });
  const selectedEntries = computed(() => entries.value.filter((entry) => selected.value.has(entry.id)));
  const allSelected = computed(() => entries.value.length > 0 && selectedEntries.value.length === entries.value.length);
  const someSelected = computed(() => selectedEntries.value.length > 0 && !allSelected.value);
  const canCompare = computed(() => selectedEntries.value.length >= compareMin && selectedEntries.value.length <= compareMax);

  function isSelected(entryId: number): boolean {
    return selected.value.has(entryId);
  }
  function toggleSelected(entryId: number, on: boolean = !selected.value.has(entryId)): void {
    const next = new Set(selected.value);
    if (on) next.add(entryId);
    else next.delete(entryId);
    selected.value = next;
  }
  function toggleAll(on: boolean): void {
    selected.value = on ? new Set(entries.value.map((entry) => entry.id)) : new Set();
  }
  function clearSelection(): void {
    selected.value = new Set();
  }

  return { selectedEntries, allSelected, someSelected, canCompare, isSelected, toggleSelected, toggleAll, clearSelection };
}
