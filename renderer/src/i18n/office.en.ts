/** English texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeEn = {
  region: 'Office sharing',
  personal: 'Personal list: only on this computer',
  synced: 'Shared with the office · synced {time}',
  waiting: 'Shared with the office · last synced {time}; waiting to sync',
  notSyncedYet: 'Shared with the office · not synced yet; waiting to sync',
  refused: 'Shared with the office · the office refused this list',
  signedOut: 'Shared with the office · cannot sync: this computer is not signed in to the office; join it again on Connections · last synced {time}',
  signedOutNotSyncedYet: 'Shared with the office · cannot sync: this computer is not signed in to the office; join it again on Connections · not synced yet',
  keychainUnavailable: 'Shared with the office · cannot sync: this computer’s keychain is locked or not running, so the office token cannot be read; unlock it, then choose Check again on Connections · last synced {time}',
  keychainUnavailableNotSyncedYet: 'Shared with the office · cannot sync: this computer’s keychain is locked or not running, so the office token cannot be read; unlock it, then choose Check again on Connections · not synced yet',
  share: 'Share with the office',
  stopSharing: 'Stop sharing',
  stopSharingHint: 'Every member keeps a personal copy.',
  stopSharingConfirm: 'Stop sharing this list? It leaves the office for every member: each keeps a personal copy, and later changes are no longer shared.',
  stopSharingConfirmHere: 'Keep this list on this computer only? The office and your colleagues keep it; your later changes are not shared.',
};
