/**
 * An entry's tags or colours as their field shows them while the user's changes are on their way
 * (components/shortlists/pendingLabels.ts): the user's change at once, a colleague's label that
 * reaches the row meanwhile beside it, and nothing of the change left once the row holds it.
 */
import { expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import { usePendingLabels } from '../../../renderer/src/components/shortlists/pendingLabels.ts';

it('shows the tag the user added at once and a colleague\'s tag that reaches the row meanwhile beside it, then follows the row once it holds the change', async () => {
  const stored = ref(['lead']);
  const labels = usePendingLabels(() => stored.value);
  // The store is given the tags the change was made on.
  expect(labels.change(['lead', 'callback'])).toEqual(['lead']);
  expect(labels.shown.value).toEqual(['lead', 'callback']);
  // Ben's tag reaches the row before Lea's write has.
  stored.value = ['lead', 'strong'];
  await nextTick();
  expect(labels.shown.value).toEqual(['lead', 'strong', 'callback']);
  // A quick second change builds on what is shown.
  expect(labels.change(['strong', 'callback'])).toEqual(['lead', 'strong', 'callback']);
  expect(labels.shown.value).toEqual(['strong', 'callback']);
  stored.value = ['strong', 'callback'];
  await nextTick();
  // The row holds both changes: a colleague's removal after them shows.
  stored.value = ['callback'];
  await nextTick();
  expect(labels.shown.value).toEqual(['callback']);
});

it('a label added and taken off again before either write is stored stays off, and the field follows the row once it holds both changes', async () => {
  const stored = ref<string[]>([]);
  const labels = usePendingLabels(() => stored.value);
  labels.change(['red']);
  labels.change([]);
  expect(labels.shown.value).toEqual([]);
  // The first write lands: the field still shows the user's last word.
  stored.value = ['red'];
  await nextTick();
  expect(labels.shown.value).toEqual([]);
  stored.value = [];
  await nextTick();
  stored.value = ['green'];
  await nextTick();
  expect(labels.shown.value).toEqual(['green']);
});
