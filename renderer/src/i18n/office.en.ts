/** English texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeEn = {
  region: 'Office sharing',
  personal: 'Personal list: only on this computer',
  synced: 'Shared with the office · synced {time}',
  waiting: 'Shared with the office · waiting to sync since {time}',
  refused: 'Shared with the office · the office refused this list',
  share: 'Share with the office',
  stopSharing: 'Stop sharing',
  stopSharingHint: 'Every member keeps a personal copy.',
};
