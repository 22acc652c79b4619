/**
 * An entry's labels (colours or tags) as its field shows them while the user's changes are on
 * their way to the store: the stored labels with the user's additions and removals, so a change
 * shows at once and quick changes build on each other, and a colleague's label that reaches the
 * row meanwhile shows beside them (before, the field kept showing its own labels until the stored
 * ones were exactly those, which with a colleague's label they never were). The changes are
 * forgotten once the stored labels hold them all.
 */
import { computed, shallowRef, watch, type ComputedRef } from 'vue';
import { sameItems } from '../../shortlists/labelMerge.ts';

export interface PendingLabels<Label extends string> {
  shown: ComputedRef<Label[]>;
  /** The user's change from the labels shown to `next`; returns the labels shown before it, the base the store merges from. */
  change(next: readonly Label[]): Label[];
}

export function usePendingLabels<Label extends string>(stored: () => readonly Label[]): PendingLabels<Label> {
  const pending = shallowRef<{ added: Label[]; removed: Label[] } | null>(null);
  const shown = computed(() => {
    const now = stored();
    if (!pending.value) return [...now];
    const { added, removed } = pending.value;
    return [...now.filter((label) => !removed.includes(label)), ...added.filter((label) => !now.includes(label))];
  });
  watch(stored, (now) => {
    if (pending.value && sameItems(shown.value, now)) pending.value = null;
  });
  function change(next: readonly Label[]): Label[] {
    const before = shown.value;
    const { added, removed } = pending.value ?? { added: [], removed: [] };
    pending.value = {
      added: [...added.filter((label) => next.includes(label)), ...next.filter((label) => !before.includes(label) && !added.includes(label))],
      removed: [...removed.filter((label) => !next.includes(label)), ...before.filter((label) => !next.includes(label) && !removed.includes(label))],
    };
    return before;
  }
  return { shown, change };
}
