/**
 * Drawing a long list: an entry's editors are some 75 elements, so a 500-entry list drawn in full
 * takes over a second to open. The first entries draw in full at once; the others show their
 * position and name until they come near the viewport (or take focus), then draw in full and stay
 * drawn.
 */
import { onBeforeUnmount, onMounted, reactive, watch, type Ref } from 'vue';

/** Entries drawn in full from the start. */
export const drawnAtOnce = 15;

export function useDeferredDrawing(entryIds: Ref<readonly number[]>, elementOf: (entryId: number) => HTMLElement | undefined) {
  const drawn = reactive(new Set<number>());
  // By element: an entry drawn anew (undo puts a removed one back) is watched anew.
  const watched = new WeakSet<HTMLElement>();

  function isDrawn(entryId: number, index: number): boolean {
    return index < drawnAtOnce || drawn.has(entryId);
  }
  function draw(entryId: number): void {
    if (!drawn.has(entryId)) drawn.add(entryId);
  }

  let nearObserver: IntersectionObserver | null = null;
  function watchUndrawn(): void {
    if (!nearObserver) return;
    entryIds.value.forEach((entryId, index) => {
      const element = elementOf(entryId);
      if (isDrawn(entryId, index) || !element || watched.has(element)) return;
      watched.add(element);
      nearObserver?.observe(element);
    });
  }
  onMounted(() => {
    if (typeof IntersectionObserver !== 'function') return;
    nearObserver = new IntersectionObserver(
      (seen) => {
        for (const item of seen) {
          if (!item.isIntersecting) continue;
          nearObserver?.unobserve(item.target);
          draw(Number((item.target as HTMLElement).dataset.entryId));
        }
      },
      { rootMargin: '1000px 0px' },
    );
    watchUndrawn();
  });
  onBeforeUnmount(() => nearObserver?.disconnect());
  watch(entryIds, watchUndrawn, { flush: 'post' });

  return { isDrawn, draw };
}
