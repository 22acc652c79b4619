/**
 * Whether shortlists show as the detailed list or the contact grid: the casting director's
 * choice, remembered on this computer for every list and the next start.
 */
import { ref, watch } from 'vue';

export const shortlistLayouts = ['list', 'grid'] as const;
export type ShortlistLayout = (typeof shortlistLayouts)[number];

const storageKey = 'castdesk.shortlistLayout';

function remembered(): ShortlistLayout {
  try {
    const value = globalThis.localStorage?.getItem(storageKey);
    return shortlistLayouts.find((layout) => layout === value) ?? 'list';
  } catch {
    // Storage blocked: the list, as at a first start.
    return 'list';
  }
}

export function useShortlistLayout() {
  const layout = ref<ShortlistLayout>(remembered());
  watch(layout, (next) => {
    try {
      globalThis.localStorage?.setItem(storageKey, next);
    } catch {
      // Storage blocked: the choice holds for this visit only.
    }
  });
  return layout;
}
