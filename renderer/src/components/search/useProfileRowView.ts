/**
 * What a profile's row in the list or grid (ProfileRow) and in the table (ProfileTableRow) share:
 * its name (a message names a profile without one), the link to the profile, whether it may be
 * selected for a shortlist (only the active directory's profiles), and the selection's events: the
 * checkbox, and Space on the row's link while selecting (Enter still opens it). The two keep their
 * own markup.
 */
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import type { MessageKey } from '../../i18n/en.ts';
import { profileLink } from '../../search/profileLink.ts';
import type { ListedProfile } from '../../stores/profileSearch.ts';
import { useSyncStore } from '../../stores/sync.ts';

const unnamedProfile = { actor: 'actors.unnamed', crew: 'crew.unnamed' } as const satisfies Record<'actor' | 'crew', MessageKey>;

export interface ProfileRowProps {
  readonly kind: 'actor' | 'crew';
  readonly row: ListedProfile;
  readonly selecting: boolean;
  readonly selected: boolean;
}

export function useProfileRowView(props: ProfileRowProps, toggle: (on: boolean) => void) {
  const sync = useSyncStore();
  const { t } = useI18n();

  const name = computed(() => props.row.name || t(unnamedProfile[props.kind], { id: props.row.id }));
  const link = computed(() => profileLink(props.kind, props.row.id, props.row.origin, sync.activeOrigin));
  const selectable = computed(() => props.selecting && props.row.origin === sync.activeOrigin);

  /** The checkbox's change. */
  function onCheck(event: Event): void {
    toggle((event.target as HTMLInputElement).checked);
  }
  /** Space on the link selects the profile while selecting. */
  function onSpace(event: KeyboardEvent): void {
    if (!props.selecting) return;
    event.preventDefault();
    toggle(!props.selected);
  }
  return { name, link, selectable, onCheck, onSpace };
}
