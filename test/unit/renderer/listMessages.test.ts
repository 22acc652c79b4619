/**
 * Messages belong to the list and the language they were made in (issue 22, item 14): the
 * director's-picks status about one list does not show on another, and after switching the UI
 * language it reads in the new language, not in the one it was made in.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import PresentationPackageControls from '../../../renderer/src/components/shortlists/PresentationPackageControls.vue';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { usePresentationPackageStore } from '../../../renderer/src/stores/presentationPackage.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountControls(listId: number) {
  const pinia = createPinia();
  const { bridge } = fakeBridge();
  wrapper = mount(PresentationPackageControls, {
    props: { listId },
    global: { plugins: [pinia, createCastdeskI18n('de')], provide: { [castdeskBridgeKey as symbol]: bridge } },
  });
  await flushPromises();
  const presentation = usePresentationPackageStore(pinia);
  presentation.picksApplied = { listId: 1, key: 'shortlistExport.picksApplied', named: { names: 'Anna Berg, Ben Koch' }, count: 2 };
  await flushPromises();
  return { view: wrapper, presentation };
}

describe('The director\'s picks status', () => {
  it('shows on its own list only', async () => {
    const { view } = await mountControls(2);
    expect(view.find('[data-testid="picks-applied"]').exists()).toBe(false);
    await view.setProps({ listId: 1 });
    expect(view.get('[data-testid="picks-applied"]').text()).toBe('2 Einträge als Wahl der Regie markiert: Anna Berg, Ben Koch.');
  });

  it('follows a change of the UI language', async () => {
    const { view } = await mountControls(1);
    expect(view.get('[data-testid="picks-applied"]').text()).toContain('Wahl der Regie');
    view.vm.$i18n.locale = 'pl';
    await flushPromises();
    const text = view.get('[data-testid="picks-applied"]').text();
    expect(text).not.toContain('Wahl der Regie');
    expect(text).toBe('Oznaczono wpisy jako wybór reżysera (2): Anna Berg, Ben Koch.');
  });
});
