/**
 * The director's-picks part of a list's export bar (PresentationPackageControls.vue): "Apply a
 * director's picks" is offered only where the member's role changes the list (a viewer's or a
 * reviewer's shared list has no such action), a refusal shows inside the open dialog, and a second
 * round's leftover tags come with the one click that takes them off.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computed } from 'vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { listAccessKey } from '../../../renderer/src/components/shortlists/listAccess.ts';
import PresentationPackageControls from '../../../renderer/src/components/shortlists/PresentationPackageControls.vue';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { personalAccess, sharedAccess, type ListAccess } from '../../../renderer/src/stores/officeAccess.ts';
import { usePresentationPackageStore } from '../../../renderer/src/stores/presentationPackage.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountControls(access: ListAccess) {
  const pinia = createPinia();
  const { bridge } = fakeBridge();
  wrapper = mount(PresentationPackageControls, {
    props: { listId: 1 },
    global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: bridge, [listAccessKey as symbol]: computed(() => access) } },
  });
  await flushPromises();
  return { view: wrapper, presentation: usePresentationPackageStore(pinia) };
}

describe('Apply a director\'s picks', () => {
  it('is offered on a personal list and to an editor of a shared one', async () => {
    for (const access of [personalAccess, sharedAccess('editor', 'm1'), sharedAccess(null, null)]) {
      const { view } = await mountControls(access);
      expect(view.find('[data-testid="picks-open"]').exists()).toBe(true);
      view.unmount();
    }
  });

  it('is not offered to a viewer or a reviewer, who may not change the list', async () => {
    for (const access of [sharedAccess('viewer', 'm1'), sharedAccess('reviewer', 'm1')]) {
      const { view } = await mountControls(access);
      expect(view.find('[data-testid="picks-open"]').exists()).toBe(false);
      view.unmount();
    }
  });

  it('shows a refusal inside the dialog', async () => {
    const { view, presentation } = await mountControls(personalAccess);
    presentation.picksError = { listId: 1, key: 'errors.storage_full', named: {} };
    await flushPromises();
    expect(view.get('[data-testid="picks-dialog"]').get('[data-testid="picks-error"]').text()).toContain('The disk or the browser storage is full');
  });

  it('offers to untag the entries a second round of picks left tagged from the first', async () => {
    const { view, presentation } = await mountControls(personalAccess);
    const remove = vi.spyOn(presentation, 'removeEarlierPicksTag').mockResolvedValue(true);
    presentation.earlierPicks = { listId: 1, key: 'shortlistExport.picksEarlier', named: {}, count: 3, entryIds: [4, 5, 6] };
    await flushPromises();
    expect(view.get('[data-testid="picks-earlier"]').text()).toContain('3 entries not in these picks keep the director’s pick tag from an earlier round.');
    await view.get('[data-testid="picks-remove-earlier"]').trigger('click');
    expect(remove).toHaveBeenCalledWith(1);
  });
});
