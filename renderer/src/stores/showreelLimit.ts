/**
 * The user's limit for one showreel file kept offline, remembered on this computer: the media
 * policy store sets it, the sync engine reads it at each pass over kept files.
 */
const showreelLimitKey = 'castdesk.media.showreelMaxBytes';
export const defaultShowreelMaxBytes = 100 * 1024 ** 2;

export function savedShowreelMaxBytes(): number {
  try {
    const saved = Number(globalThis.localStorage?.getItem(showreelLimitKey) ?? Number.NaN);
    return Number.isSafeInteger(saved) && saved >= 0 ? saved : defaultShowreelMaxBytes;
  } catch {
    return defaultShowreelMaxBytes;
  }
}

/** False when it could not be remembered (it still holds for this session through the store). */
export function saveShowreelMaxBytes(bytes: number): boolean {
  try {
    globalThis.localStorage?.setItem(showreelLimitKey, String(bytes));
    return true;
  } catch {
    return false;
  }
}
