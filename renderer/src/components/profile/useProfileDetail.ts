/**
 * What the actor and crew detail pages share (views/ActorDetailView.vue, views/CrewDetailView.vue):
 * the profile the route names, opened in its kind's store while the page shows it; its row and
 * detail; the name, title and window title; the removal notice; the one picture there is before
 * the detail is saved, and the headshot in the kind's picture order. The pages keep only what
 * differs: their sections.
 */
import { computed, onBeforeUnmount, watch, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import { useRoute } from 'vue-router';
import type { Picture } from '../../../../contract/directory-api.ts';
import { mainHeadshot } from '../../media/galleryOrder.ts';
import { directoryOfRoute } from '../../search/profileLink.ts';
import { useActorsStore } from '../../stores/actors.ts';
import { useCrewStore } from '../../stores/crew.ts';
import { useWindowTitleStore } from '../../stores/windowTitle.ts';

type ActorsStore = ReturnType<typeof useActorsStore>;
type CrewStore = ReturnType<typeof useCrewStore>;
type AnyStore = ActorsStore | CrewStore;
type OpenRow<Store extends AnyStore> = NonNullable<Store['openRow']>;

export interface ProfileDetailPage<Store extends AnyStore> {
  /** The kind's store: loading, offline state, pictures and showreels of the open profile. */
  store: Store;
  /** The profile id in the route; null when the route names none. */
  id: ComputedRef<number | null>;
  row: ComputedRef<OpenRow<Store> | null>;
  detail: ComputedRef<NonNullable<OpenRow<Store>['detail']> | null>;
  /** The name the page shows ('' until known), and its heading (a placeholder with the id then). */
  name: ComputedRef<string>;
  title: ComputedRef<string>;
  /** Why the profile is gone, as the directory said on opening or the library keeps it; null while it is not. */
  removal: ComputedRef<NonNullable<NonNullable<Store['viewed']>['removed']> | NonNullable<OpenRow<Store>['removed']> | null>;
  updatedAt: ComputedRef<string | null>;
  /** The list entry's main picture, the one picture there is before the detail is saved. */
  listThumbnail: ComputedRef<string | null>;
  headshot: ComputedRef<Picture | null>;
}

/** What differs between the kinds: the heading without a name, and which picture order leads. */
const kinds = {
  actor: { unnamed: 'actorDetail.unnamed', pictureOrder: 'portrait' },
  crew: { unnamed: 'crewDetail.unnamed', pictureOrder: 'position' },
} as const satisfies Record<string, { unnamed: string; pictureOrder: 'portrait' | 'position' }>;

export function useProfileDetail(kind: 'actor'): ProfileDetailPage<ActorsStore>;
export function useProfileDetail(kind: 'crew'): ProfileDetailPage<CrewStore>;
export function useProfileDetail(kind: 'actor' | 'crew'): ProfileDetailPage<AnyStore> {
  const route = useRoute();
  const { t } = useI18n();
  const store: AnyStore = kind === 'actor' ? useActorsStore() : useCrewStore();

  const id = computed(() => {
    const number = Number(route.params.id);
    return Number.isInteger(number) && number > 0 ? number : null;
  });
  watch(
    [id, () => directoryOfRoute(route.query)],
    ([opened]) => {
      if (opened !== null) store.open(opened, directoryOfRoute(route.query));
      else store.close();
    },
    { immediate: true },
  );
  onBeforeUnmount(() => store.close());

  const row = computed(() => store.openRow);
  const detail = computed(() => row.value?.detail ?? null);
  const name = computed(() => {
    const item = row.value?.item;
    const fromDetail = detail.value ? (detail.value.name ?? `${detail.value.first_name} ${detail.value.last_name}`).trim() : '';
    return fromDetail || item?.name?.trim() || `${item?.first_name ?? ''} ${item?.last_name ?? ''}`.trim();
  });
  const title = computed(() => name.value || t(kinds[kind].unnamed, { id: id.value ?? '?' }));
  const removal = computed(() => store.viewed?.removed ?? row.value?.removed ?? null);
  const updatedAt = computed(() => detail.value?.updated_at ?? row.value?.item.updated_at ?? null);
  const listThumbnail = computed(() => store.pictureUrl(row.value?.item.main_picture_url_tile));
  const headshot = computed(() => mainHeadshot(detail.value?.pictures ?? [], kinds[kind].pictureOrder));

  // The window title names what is shown, once it is known.
  const windowTitle = useWindowTitleStore();
  watch(name, (shown) => windowTitle.setPageTitle(shown || null), { immediate: true });

  return { store, id, row, detail, name, title, removal, updatedAt, listThumbnail, headshot };
}
