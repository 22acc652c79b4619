/** Polish texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officePl = {
  region: 'Udostępnianie w biurze',
  personal: 'Lista osobista: tylko na tym komputerze',
  synced: 'Udostępniona biuru · zsynchronizowana {time}',
  waiting: 'Udostępniona biuru · czeka na synchronizację od {time}',
  refused: 'Udostępniona biuru · biuro odrzuciło tę listę',
  share: 'Udostępnij biuru',
  stopSharing: 'Przestań udostępniać',
  stopSharingHint: 'Każdy członek zachowuje osobistą kopię.',
};
