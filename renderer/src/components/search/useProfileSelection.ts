/**
 * Picking profiles in the list to add them to a shortlist together: whether picking is on and
 * which profiles are picked, shared by the toolbar and the rows.
 */
import { ref } from 'vue';

export function useProfileSelection() {
  const selecting = ref(false);
  const selected = ref<number[]>([]);
  function toggleSelecting(): void {
    selecting.value = !selecting.value;
    selected.value = [];
  }
  function toggle(id: number, on: boolean): void {
    selected.value = on ? [...selected.value.filter((item) => item !== id), id] : selected.value.filter((item) => item !== id);
  }
  function clear(): void {
    selected.value = [];
  }
  return { selecting, selected, toggleSelecting, toggle, clear };
}

export type ProfileSelection = ReturnType<typeof useProfileSelection>;
