/**
 * Whether exports include private attributes (shortlists/privateAttributes.ts) and the user's own
 * notes, remembered on this computer: the casting director chooses once, deliberately, and is not
 * asked again. Off until chosen: what leaves the desk holds neither unless the user said so.
 * Also the contact sheet's paper, remembered for every list: an office prints on one size.
 */
import type { ContactSheetPaper } from '../shortlists/shortlistPdf.ts';

const includePrivateKey = 'castdesk.exports.includePrivate';
const includeNotesKey = 'castdesk.exports.includeNotes';
const paperKey = 'castdesk.exports.paper';

function savedChoice(key: string): boolean {
  try {
    return globalThis.localStorage?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

/** False when it could not be remembered (it still holds for this session through the store). */
function saveChoice(key: string, include: boolean): boolean {
  try {
    globalThis.localStorage?.setItem(key, String(include));
    return true;
  } catch {
    return false;
  }
}

export const savedIncludePrivate = (): boolean => savedChoice(includePrivateKey);
export const saveIncludePrivate = (include: boolean): boolean => saveChoice(includePrivateKey, include);
/** Whether the PDF contact sheet and the presentation package carry the user's notes. */
export const savedIncludeNotes = (): boolean => savedChoice(includeNotesKey);
export const saveIncludeNotes = (include: boolean): boolean => saveChoice(includeNotesKey, include);

/**
 * The paper last chosen for a contact sheet; before any choice (or if it cannot be read) Letter
 * where the system's language is US English, A4 elsewhere.
 */
export function savedPaper(): ContactSheetPaper {
  try {
    const saved = globalThis.localStorage?.getItem(paperKey);
    if (saved === 'a4' || saved === 'letter') return saved;
  } catch {
    // Storage blocked: the default, as at a first start.
  }
  return globalThis.navigator?.language?.toLowerCase().endsWith('-us') ? 'letter' : 'a4';
}

/** False when it could not be remembered (it still holds for this session through the store). */
export function savePaper(paper: ContactSheetPaper): boolean {
  try {
    globalThis.localStorage?.setItem(paperKey, paper);
    return true;
  } catch {
    return false;
  }
}
