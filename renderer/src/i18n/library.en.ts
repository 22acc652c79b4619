/** English texts of what the library says about itself: items it could not read, refreshes that failed. */
export const libraryEn = {
  unreadableTitle: 'Could not read',
  unreadableNone: 'Every item the directory sent could be read.',
  unreadableIntro: 'Items the directory sent that do not match its API: {count}. Everything else was saved; the next sync asks for these again.',
  unreadableActor: 'Actor',
  unreadableCrew: 'Crew member',
  unreadableCastingCall: 'Casting call',
  unreadableWithId: '{kind} {id}',
  unreadableWithoutId: '{kind} without a readable id (page {page})',
  unreadableSeen: 'last tried {time}',
  refreshFailed: 'Last refresh failed: {reason} Showing the copy from {time}.',
  refreshFailedUndated: 'Last refresh failed: {reason} Showing the saved copy.',
};
