/**
 * How an entry is named and summed up wherever it shows (detailed list, contact grid,
 * announcements): one wording, so a screen reader hears the same name everywhere.
 */
import { useI18n } from 'vue-i18n';
import type { useShortlistsStore } from '../../stores/shortlists.ts';

/** An entry of the open list, as the store holds it. */
export type ShownEntry = ReturnType<typeof useShortlistsStore>['entries'][number];

export function useEntryTexts() {
  const { t } = useI18n();
  function nameOf(entry: ShownEntry): string {
    return entry.snapshot.name || t('shortlists.unnamed', { id: entry.actorId });
  }
  function actingAgeOf(entry: ShownEntry): string {
    const from = entry.snapshot.actingAgeFrom ?? entry.snapshot.actingAgeTo;
    const to = entry.snapshot.actingAgeTo ?? entry.snapshot.actingAgeFrom;
    return from === null || to === null ? '' : t('shortlists.actingAge', { from, to });
  }
  return { nameOf, actingAgeOf };
}
