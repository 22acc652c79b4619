/** German texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeDe = {
  region: 'Teilen im Büro',
  personal: 'Persönliche Liste: nur auf diesem Computer',
  synced: 'Mit dem Büro geteilt · abgeglichen {time}',
  waiting: 'Mit dem Büro geteilt · zuletzt abgeglichen {time}; wartet auf den Abgleich',
  notSyncedYet: 'Mit dem Büro geteilt · noch nicht abgeglichen; wartet auf den Abgleich',
  refused: 'Mit dem Büro geteilt · das Büro hat diese Liste abgelehnt',
  signedOut: 'Mit dem Büro geteilt · kein Abgleich möglich: Dieser Computer ist beim Büro nicht angemeldet; treten Sie ihm unter „Verbindungen“ erneut bei · zuletzt abgeglichen {time}',
  signedOutNotSyncedYet: 'Mit dem Büro geteilt · kein Abgleich möglich: Dieser Computer ist beim Büro nicht angemeldet; treten Sie ihm unter „Verbindungen“ erneut bei · noch nicht abgeglichen',
  keychainUnavailable: 'Mit dem Büro geteilt · kein Abgleich möglich: Der Schlüsselbund dieses Computers ist gesperrt oder läuft nicht, daher kann das Büro-Token nicht gelesen werden; entsperren Sie ihn und wählen Sie dann unter „Verbindungen“ „Erneut prüfen“ · zuletzt abgeglichen {time}',
  keychainUnavailableNotSyncedYet: 'Mit dem Büro geteilt · kein Abgleich möglich: Der Schlüsselbund dieses Computers ist gesperrt oder läuft nicht, daher kann das Büro-Token nicht gelesen werden; entsperren Sie ihn und wählen Sie dann unter „Verbindungen“ „Erneut prüfen“ · noch nicht abgeglichen',
  share: 'Mit dem Büro teilen',
  stopSharing: 'Nicht mehr teilen',
  stopSharingHint: 'Jedes Mitglied behält eine persönliche Kopie.',
  stopSharingConfirm: 'Diese Liste nicht mehr teilen? Sie verlässt das Büro für alle Mitglieder: Jedes behält eine persönliche Kopie, spätere Änderungen werden nicht mehr geteilt.',
  stopSharingConfirmHere: 'Diese Liste nur noch auf diesem Computer behalten? Das Büro und Ihre Kolleginnen und Kollegen behalten sie; Ihre späteren Änderungen werden nicht geteilt.',
};
