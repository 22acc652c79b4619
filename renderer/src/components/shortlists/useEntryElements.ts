/**
 * The element each shown entry is drawn in, kept through template refs: focus moves to an entry
 * (arrow keys, after a move) and the deferred drawing watches entries by these, never by a query
 * of the document.
 */
import type { ComponentPublicInstance } from 'vue';

export function useEntryElements() {
  const elements = new Map<number, HTMLElement>();

  /** A template ref for the entry `entryId` (an element or a component with one root element). */
  function track(entryId: number) {
    return (target: Element | ComponentPublicInstance | null): void => {
      const element = target && '$el' in target ? (target.$el as Element) : target;
      if (element instanceof HTMLElement) elements.set(entryId, element);
      else elements.delete(entryId);
    };
  }

  function elementOf(entryId: number): HTMLElement | undefined {
    return elements.get(entryId);
  }

  function focusEntry(entryId: number): void {
    elements.get(entryId)?.focus();
  }

  return { track, elementOf, focusEntry };
}
