/**
 * A history record's changes in words a casting director reads ("Lea moved 3 actors to Callback",
 * "Ana changed the note on Max Muster"): one line per change, naming the actor when there is one,
 * counting otherwise, with the language's plural forms (vue-i18n). A status the app does not know
 * (a newer app's) is shown as the office wrote it. A pick or a label change says what it did
 * ("Clara picked Lina Meier", "Ben tagged 2 actors") from the record's detail; a record written
 * before the office sent details, or with a detail the app does not know, says it as before
 * ("changed their pick on").
 */
import type { ActivityChange, ActivityChangeKind, activityChangeDetails } from '../../../../contract/officeActivity.ts';
import type { MessageKey } from '../../i18n/en.ts';
import { statusTexts, type EntryStatus } from './entryOptions.ts';

type Translate = (key: MessageKey, named: Record<string, unknown>, plural?: number) => string;
type FormatNumber = (value: number, format: 'integer') => string;

/** Kinds said of the actors they touched: the text for one named actor, and the counted one. */
const entryTexts: Partial<Record<ActivityChangeKind, { one: MessageKey; counted: MessageKey }>> = {
  added: { one: 'officeActivity.change.addedOne', counted: 'officeActivity.change.added' },
  removed: { one: 'officeActivity.change.removedOne', counted: 'officeActivity.change.removed' },
  restored: { one: 'officeActivity.change.restoredOne', counted: 'officeActivity.change.restored' },
  status: { one: 'officeActivity.change.statusOne', counted: 'officeActivity.change.status' },
  reordered: { one: 'officeActivity.change.reorderedOne', counted: 'officeActivity.change.reordered' },
  note: { one: 'officeActivity.change.noteOne', counted: 'officeActivity.change.note' },
  rating: { one: 'officeActivity.change.ratingOne', counted: 'officeActivity.change.rating' },
  labels: { one: 'officeActivity.change.labelsOne', counted: 'officeActivity.change.labels' },
  picked: { one: 'officeActivity.change.pickedOne', counted: 'officeActivity.change.picked' },
  commented: { one: 'officeActivity.change.commentedOne', counted: 'officeActivity.change.commented' },
};

/** The texts of a change with a detail (`activityChangeDetails`), by kind and detail. */
const detailTexts: { [K in keyof typeof activityChangeDetails]: Record<(typeof activityChangeDetails)[K][number], { one: MessageKey; counted: MessageKey }> } = {
  picked: {
    on: { one: 'officeActivity.change.pickOnOne', counted: 'officeActivity.change.pickOn' },
    off: { one: 'officeActivity.change.pickOffOne', counted: 'officeActivity.change.pickOff' },
  },
  labels: {
    tagsAdded: { one: 'officeActivity.change.tagsAddedOne', counted: 'officeActivity.change.tagsAdded' },
    tagsRemoved: { one: 'officeActivity.change.tagsRemovedOne', counted: 'officeActivity.change.tagsRemoved' },
    tags: { one: 'officeActivity.change.tagsOne', counted: 'officeActivity.change.tags' },
    colours: { one: 'officeActivity.change.coloursOne', counted: 'officeActivity.change.colours' },
  },
};

function textsOf(change: ActivityChange): { one: MessageKey; counted: MessageKey } | undefined {
  const byDetail: Record<string, { one: MessageKey; counted: MessageKey }> | undefined = Object.hasOwn(detailTexts, change.kind) ? detailTexts[change.kind as keyof typeof detailTexts] : undefined;
  if (byDetail && change.detail !== undefined && Object.hasOwn(byDetail, change.detail)) return byDetail[change.detail];
  return entryTexts[change.kind];
}

function statusName(status: string, t: Translate): string {
  return Object.hasOwn(statusTexts, status) ? t(statusTexts[status as EntryStatus], {}) : status;
}

export function changeText(member: string, change: ActivityChange, t: Translate, n: FormatNumber): string {
  const name = change.names[0] ?? '';
  const count = n(change.count, 'integer');
  if (change.kind === 'shared') return t('officeActivity.change.shared', { member });
  if (change.kind === 'renamed') return t('officeActivity.change.renamed', { member, name });
  const texts = textsOf(change);
  if (!texts) return '';
  const status = change.kind === 'status' ? statusName(change.status ?? '', t) : undefined;
  if (change.count === 1 && name) return t(texts.one, { member, name, status });
  return t(texts.counted, { member, count, status }, change.count);
}

/** Initials for a presence badge: the first letters of the first and last word. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
