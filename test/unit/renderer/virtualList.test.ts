/**
 * The virtual list renders only the items in view (plus a few), and tells its items while it is
 * scrolling so they can hold back pictures until it stops.
 */
import { mount } from '@vue/test-utils';
import { h } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VirtualList from '../../../renderer/src/components/VirtualList.vue';

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 10 });
let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

function mountList() {
  const wrapper = mount(VirtualList, {
    props: { count: 10_000, rowHeight: 50, label: 'Items', overscanRows: 2 },
    slots: {
      item: ({ index, scrolling }: { index: number; scrolling: boolean }) => h('span', { 'data-item': index, 'data-scrolling': String(scrolling) }, `Item ${index}`),
    },
    attachTo: document.body,
  });
  unmount = () => wrapper.unmount();
  return wrapper;
}

describe('the virtual list', () => {
  it('renders only the rows in view and a few more, and follows the scroll position', async () => {
    const list = mountList();
    const shown = () => list.findAll('[data-item]').map((item) => Number(item.attributes('data-item')));
    // 600 px tall by default in happy-dom: 12 rows plus 2 below.
    expect(shown()).toEqual(Array.from({ length: 14 }, (_, index) => index));
    const scroller = list.get('.virtual-scroller').element as HTMLElement;
    scroller.scrollTop = 50 * 5000;
    await list.get('.virtual-scroller').trigger('scroll');
    await eventually(() => expect(shown()[0]).toBe(4998));
    expect(shown()).toHaveLength(16);
  });

  it('says it is scrolling while it moves and until a moment after', async () => {
    const list = mountList();
    const scrolling = () => list.get('[data-item]').attributes('data-scrolling');
    expect(scrolling()).toBe('false');
    const scroller = list.get('.virtual-scroller').element as HTMLElement;
    scroller.scrollTop = 500;
    await list.get('.virtual-scroller').trigger('scroll');
    await eventually(() => expect(scrolling()).toBe('true'));
    await eventually(() => expect(scrolling()).toBe('false'));
  });
});
