/**
 * What an entry shows and sets alike in the detailed list (ShortlistEntry) and the contact grid
 * (ShortlistGridCard): its name, picture and whether the directory still lists the actor, and its
 * status and rating saved as they change (when the list's role lets the member change it,
 * listAccess.ts). The two keep their own markup.
 */
import { computed } from 'vue';
import { useShortlistsStore } from '../../stores/shortlists.ts';
import type { EntryStatus } from './entryOptions.ts';
import { useListAccess } from './listAccess.ts';
import { useEntryTexts, type ShownEntry } from './useEntryTexts.ts';

export function useShortlistEntryView(props: { readonly entry: ShownEntry }) {
  const shortlists = useShortlistsStore();
  const { nameOf, actingAgeOf } = useEntryTexts();
  const access = useListAccess();

  const name = computed(() => nameOf(props.entry));
  const actingAge = computed(() => actingAgeOf(props.entry));
  /** The picture's address, or undefined (none): the entry's snapshot thumbnail, from its own directory. */
  const picture = computed(() => shortlists.pictureUrl(props.entry.snapshot.thumbUrl, props.entry.directoryOrigin));
  /** The directory no longer lists the actor. */
  const unavailable = computed(() => !shortlists.available(props.entry.actorId, props.entry.directoryOrigin));

  function setStatus(event: Event): void {
    if (!access.value.edit) return;
    void shortlists.updateEntry(props.entry.id, { status: (event.target as HTMLSelectElement).value as EntryStatus });
  }
  function setRating(rating: number | null): void {
    if (!access.value.edit) return;
    void shortlists.updateEntry(props.entry.id, { rating });
  }
  return { name, actingAge, picture, unavailable, access, setStatus, setRating };
}
