/**
 * Whether exports include private attributes (shortlists/privateAttributes.ts), remembered on this
 * computer: the casting director chooses once, deliberately, and is not asked again. Off until chosen.
 */
const includePrivateKey = 'castdesk.exports.includePrivate';

export function savedIncludePrivate(): boolean {
  try {
    return globalThis.localStorage?.getItem(includePrivateKey) === 'true';
  } catch {
    return false;
  }
}

/** False when it could not be remembered (it still holds for this session through the store). */
export function saveIncludePrivate(include: boolean): boolean {
  try {
    globalThis.localStorage?.setItem(includePrivateKey, String(include));
    return true;
  } catch {
    return false;
  }
}
