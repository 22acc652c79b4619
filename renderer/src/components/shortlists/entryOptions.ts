/**
 * The choices an entry offers (status, colour labels) with their i18n keys. Spelled out here as
 * literal keys the key check can see; typed from the store's patch so a status or colour the
 * store adds fails to compile until it has a text.
 */
import type { MessageKey } from '../../i18n/en.ts';
import type { EntryPatch } from '../../stores/shortlists.ts';

export type EntryStatus = NonNullable<EntryPatch['status']>;
export type EntryColour = NonNullable<EntryPatch['colours']>[number];

export const statusTexts: Record<EntryStatus, MessageKey> = {
  considering: 'shortlists.statuses.considering',
  invited: 'shortlists.statuses.invited',
  callback: 'shortlists.statuses.callback',
  booked: 'shortlists.statuses.booked',
  released: 'shortlists.statuses.released',
};
export const entryStatuses = Object.keys(statusTexts) as EntryStatus[];

export const colourTexts: Record<EntryColour, MessageKey> = {
  red: 'shortlists.colourNames.red',
  orange: 'shortlists.colourNames.orange',
  yellow: 'shortlists.colourNames.yellow',
  green: 'shortlists.colourNames.green',
  blue: 'shortlists.colourNames.blue',
  purple: 'shortlists.colourNames.purple',
};
export const entryColours = Object.keys(colourTexts) as EntryColour[];

export const ratings = [1, 2, 3, 4, 5] as const;
