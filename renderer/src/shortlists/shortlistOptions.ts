/**
 * The closed lists of a shortlist entry, in one place for the shortlist database's rows, the store,
 * backups and exports. They live beside the shortlist formats, not in db/, so that plain modules a
 * component may use take nothing but types from db/.
 */
export const shortlistStatuses = ['considering', 'invited', 'callback', 'booked', 'released'] as const;
export type ShortlistStatus = (typeof shortlistStatuses)[number];

/** Colour labels an entry can carry beside free tags. */
export const shortlistColours = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export type ShortlistColour = (typeof shortlistColours)[number];
