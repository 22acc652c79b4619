/**
 * Keyboard triage on an entry, the same in the detailed list and the contact grid: the arrow keys
 * (and Home, End) go from entry to entry, 1–5 rate, 0 clears the rating, S gives the next status
 * (Shift+S the one before), X selects. Keys typed into a field stay the field's; letters are read
 * by their place on the keyboard, so they work in every layout.
 */
import { useI18n } from 'vue-i18n';
import { useShortlistsStore } from '../../stores/shortlists.ts';
import { entryStatuses, statusTexts, type EntryStatus } from './entryOptions.ts';
import { isTextField } from './isTextField.ts';
import { useListAccess } from './listAccess.ts';
import { useEntryTexts, type ShownEntry } from './useEntryTexts.ts';

export interface TriageTarget {
  entries: () => readonly ShownEntry[];
  /** How many entries a row holds (1 in the detailed list): Up and Down go a row up or down. */
  columns: () => number;
  focusEntry: (entryId: number) => void;
  toggleSelected: (entryId: number) => void;
  announce: (text: string) => void;
}

function digitOf(event: KeyboardEvent): number | null {
  const match = /^(?:Digit|Numpad)([0-5])$/.exec(event.code) ?? /^([0-5])$/.exec(event.key);
  return match ? Number(match[1]) : null;
}

export function useEntryTriage(target: TriageTarget) {
  const shortlists = useShortlistsStore();
  const { t } = useI18n();
  const { nameOf } = useEntryTexts();
  const access = useListAccess();

  function step(event: KeyboardEvent, index: number): number | null {
    const last = target.entries().length - 1;
    const columns = Math.max(1, target.columns());
    const rtl = getComputedStyle(event.currentTarget as Element).direction === 'rtl';
    switch (event.key) {
      case 'ArrowDown':
        return Math.min(last, index + columns);
      case 'ArrowUp':
        return Math.max(0, index - columns);
      case 'ArrowRight':
        return columns > 1 ? Math.min(last, Math.max(0, index + (rtl ? -1 : 1))) : null;
      case 'ArrowLeft':
        return columns > 1 ? Math.min(last, Math.max(0, index + (rtl ? 1 : -1))) : null;
      case 'Home':
        return 0;
      case 'End':
        return last;
      default:
        return null;
    }
  }

  function setRating(entry: ShownEntry, rating: number | null): void {
    void shortlists.updateEntry(entry.id, { rating });
    target.announce(rating === null ? t('shortlists.triage.ratingCleared', { name: nameOf(entry) }) : t('shortlists.triage.ratingSet', { name: nameOf(entry), rating }));
  }

  // Quick presses build on each other: a status set here counts until the entry shows it (or
  // shows another change), as the entry still reads the stored one meanwhile.
  const statusOnItsWay = new Map<number, { from: EntryStatus; to: EntryStatus }>();
  function shiftStatus(entry: ShownEntry, by: 1 | -1): void {
    const onItsWay = statusOnItsWay.get(entry.id);
    const current = onItsWay && onItsWay.from === entry.status ? onItsWay.to : entry.status;
    const at = entryStatuses.indexOf(current);
    const status = entryStatuses[(at + by + entryStatuses.length) % entryStatuses.length]!;
    statusOnItsWay.set(entry.id, { from: entry.status, to: status });
    void shortlists.updateEntry(entry.id, { status });
    target.announce(t('shortlists.triage.statusSet', { name: nameOf(entry), status: t(statusTexts[status]) }));
  }

  /** Handles a triage key on the entry at `index`; whether it took the key. */
  function onTriageKey(event: KeyboardEvent, entry: ShownEntry, index: number): boolean {
    if (event.altKey || event.ctrlKey || event.metaKey || isTextField(event.target)) return false;
    const next = event.shiftKey ? null : step(event, index);
    if (next !== null) {
      event.preventDefault();
      const to = target.entries()[next];
      if (to) target.focusEntry(to.id);
      return true;
    }
    if (!event.shiftKey && (event.code === 'KeyX' || event.key === 'x')) {
      event.preventDefault();
      target.toggleSelected(entry.id);
      return true;
    }
    // Rating and status keys change the entry: not on a list the member may only read or review.
    if (!access.value.edit) return false;
    const digit = event.shiftKey ? null : digitOf(event);
    if (digit !== null) {
      event.preventDefault();
      setRating(entry, digit === 0 ? null : digit);
      return true;
    }
    if (event.code === 'KeyS' || event.key === 's' || event.key === 'S') {
      event.preventDefault();
      shiftStatus(entry, event.shiftKey ? -1 : 1);
      return true;
    }
    return false;
  }

  return { onTriageKey };
}
