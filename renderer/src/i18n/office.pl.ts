/** Polish texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officePl = {
  region: 'Udostępnianie w biurze',
  personal: 'Lista osobista: tylko na tym komputerze',
  synced: 'Udostępniona biuru · zsynchronizowana {time}',
  waiting: 'Udostępniona biuru · ostatnia synchronizacja {time}; czeka na synchronizację',
  notSyncedYet: 'Udostępniona biuru · jeszcze niezsynchronizowana; czeka na synchronizację',
  refused: 'Udostępniona biuru · biuro odrzuciło tę listę',
  signedOut: 'Udostępniona biuru · nie można synchronizować: ten komputer nie jest zalogowany do biura; dołącz do niego ponownie na stronie Połączenia · ostatnia synchronizacja {time}',
  signedOutNotSyncedYet: 'Udostępniona biuru · nie można synchronizować: ten komputer nie jest zalogowany do biura; dołącz do niego ponownie na stronie Połączenia · jeszcze niezsynchronizowana',
  keychainUnavailable: 'Udostępniona biuru · nie można synchronizować: magazyn kluczy tego komputera jest zablokowany lub nie działa, więc nie można odczytać tokenu biura; odblokuj go, a następnie wybierz „Sprawdź ponownie” na stronie Połączenia · ostatnia synchronizacja {time}',
  keychainUnavailableNotSyncedYet: 'Udostępniona biuru · nie można synchronizować: magazyn kluczy tego komputera jest zablokowany lub nie działa, więc nie można odczytać tokenu biura; odblokuj go, a następnie wybierz „Sprawdź ponownie” na stronie Połączenia · jeszcze niezsynchronizowana',
  share: 'Udostępnij biuru',
  stopSharing: 'Przestań udostępniać',
  stopSharingHint: 'Każdy członek zachowuje osobistą kopię.',
  stopSharingConfirm: 'Przestać udostępniać tę listę? Opuści biuro dla wszystkich członków: każdy zachowa osobistą kopię, a późniejsze zmiany nie będą już udostępniane.',
  stopSharingConfirmHere: 'Zachować tę listę tylko na tym komputerze? Biuro i twoi współpracownicy ją zachowają; twoje późniejsze zmiany nie będą udostępniane.',
};
