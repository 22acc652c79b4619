/**
 * Reordering a list: the move buttons, Alt+Arrow up/down on an entry and drag and drop all end in
 * the store's moveEntry. Moving an element in the page can take its focus: it is given back once
 * the new order shows. Only where the member may change the list (listAccess.ts).
 */
import { nextTick, ref, watch, type Ref } from 'vue';
import { useShortlistsStore } from '../../stores/shortlists.ts';
import { isTextField } from './isTextField.ts';
import { useListAccess } from './listAccess.ts';
import type { ShownEntry } from './useEntryTexts.ts';

export function useEntryReordering(entries: Ref<readonly ShownEntry[]>, listElement: Ref<HTMLElement | null>, onMoved: (entry: ShownEntry, position: number, total: number) => void) {
  const shortlists = useShortlistsStore();
  const access = useListAccess();

  let refocus: HTMLElement | null = null;
  async function move(entry: ShownEntry, toIndex: number): Promise<void> {
    const total = entries.value.length;
    const from = entries.value.findIndex((row) => row.id === entry.id);
    if (!access.value.edit || from < 0 || toIndex < 0 || toIndex >= total || toIndex === from) return;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    refocus = active && listElement.value?.contains(active) ? active : null;
    if (await shortlists.moveEntry(entry.id, toIndex)) onMoved(entry, toIndex + 1, total);
  }
  watch(
    entries,
    async () => {
      const element = refocus;
      if (!element) return;
      await nextTick();
      if (element.isConnected && document.activeElement !== element) element.focus();
      refocus = null;
    },
    { flush: 'post' },
  );

  /** Alt+Arrow up/down moves the entry; in a text field the keys stay the field's. Whether it took the key. */
  function onMoveKey(event: KeyboardEvent, entry: ShownEntry, index: number): boolean {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTextField(event.target)) return false;
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return false;
    event.preventDefault();
    void move(entry, index + (event.key === 'ArrowUp' ? -1 : 1));
    return true;
  }

  // Dragging starts only from the handle: the entry is draggable while the handle is held.
  const dragArmed = ref<number | null>(null);
  const dragging = ref<number | null>(null);
  const dropIndex = ref<number | null>(null);
  function onDragStart(event: DragEvent, entry: ShownEntry, name: string): void {
    dragging.value = entry.id;
    if (event.dataTransfer) {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', name);
    }
  }
  function onDragOver(event: DragEvent, index: number): void {
    if (dragging.value === null) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
    dropIndex.value = index;
  }
  function onDrop(event: DragEvent, index: number): void {
    const entry = entries.value.find((row) => row.id === dragging.value);
    endDrag();
    if (!entry) return;
    event.preventDefault();
    void move(entry, index);
  }
  function endDrag(): void {
    dragging.value = null;
    dragArmed.value = null;
    dropIndex.value = null;
  }

  return { move, onMoveKey, dragArmed, dragging, dropIndex, onDragStart, onDragOver, onDrop, endDrag };
}
