/**
 * What the member may do on the list being shown (renderer/src/stores/officeAccess.ts), handed from
 * the list's page to every part of it that edits: a viewer's list offers no edit, note typing,
 * reorder, removal or keys that change an entry; a reviewer's only their picks and comments. A
 * part shown outside a list page (none provides it) acts on a personal list.
 */
import { computed, inject, type ComputedRef, type InjectionKey } from 'vue';
import { personalAccess, type ListAccess } from '../../stores/officeAccess.ts';

export const listAccessKey: InjectionKey<ComputedRef<ListAccess>> = Symbol('listAccess');

export function useListAccess(): ComputedRef<ListAccess> {
  return inject(listAccessKey, computed(() => personalAccess), true);
}
