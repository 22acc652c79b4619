/**
 * What an entry shows and sets alike in the detailed list (ShortlistEntry) and the contact grid
 * (ShortlistGridCard): its name, picture, whether the directory still lists the actor and whether the
 * member's library has them at all, and its
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
  /**
   * A colleague's entry whose actor this member's own library lacks (a shared list): only the name
   * is known, and the actor's page would be empty, so the entry says so instead of linking there.
   */
  const notInLibrary = computed(() => props.entry.snapshot.notInLibrary === true);
  /** The directory no longer lists the actor (not said of an actor the library never had). */
  const unavailable = computed(() => !notInLibrary.value && !shortlists.available(props.entry.actorId, props.entry.directoryOrigin));

  function setStatus(event: Event): void {
    if (!access.value.edit) return;
    void shortlists.updateEntry(props.entry.id, { status: (event.target as HTMLSelectElement).value as EntryStatus });
  }
  function setRating(rating: number | null): void {
    if (!access.value.edit) return;
    void shortlists.updateEntry(props.entry.id, { rating });
  }
  return { name, actingAge, picture, unavailable, notInLibrary, access, setStatus, setRating };
}
