/**
 * How long a shortlist's own texts may be, in one place: the shortlists store cuts what is typed to
 * these, and a backup import refuses what exceeds them, so everything the app writes can be backed
 * up and read back, and nothing a backup brings can be longer than the app itself would store.
 */
export const shortlistLimits = {
  /** Characters of a list's name. */
  nameLength: 120,
  /** Characters of an entry's note. */
  noteLength: 5000,
  /** Free tags on one entry. */
  tags: 20,
  /** Characters of one tag. */
  tagLength: 40,
} as const;
