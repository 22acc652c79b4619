import type { Ref } from 'vue';

/**
 * Keyboard moves through a list of links: arrow down (or Enter) in the search field goes to the
 * first link; in the list, arrow keys (and Home/End) go from link to link, and Enter opens the
 * focused one (it is a link). Links are found in the DOM, so rows stay plain components.
 */
export function useLinkListKeys(list: Ref<HTMLElement | null>, linkSelector: string): {
  onSearchKeydown: (event: KeyboardEvent) => void;
  onListKeydown: (event: KeyboardEvent) => void;
} {
  function links(): HTMLElement[] {
    return Array.from(list.value?.querySelectorAll<HTMLElement>(linkSelector) ?? []);
  }

  function onSearchKeydown(event: KeyboardEvent): void {
    if ((event.key === 'ArrowDown' || event.key === 'Enter') && links().length > 0) {
      event.preventDefault();
      links()[0]!.focus();
    }
  }

  function onListKeydown(event: KeyboardEvent): void {
    const all = links();
    if (all.length === 0) return;
    const index = all.indexOf(document.activeElement as HTMLElement);
    let next: number;
    switch (event.key) {
      case 'ArrowDown':
        next = index < 0 ? 0 : Math.min(all.length - 1, index + 1);
        break;
      case 'ArrowUp':
        next = index < 0 ? all.length - 1 : Math.max(0, index - 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = all.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    all[next]?.focus();
  }

  return { onSearchKeydown, onListKeydown };
}
