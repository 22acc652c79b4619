/** German texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeDe = {
  region: 'Teilen im Büro',
  personal: 'Persönliche Liste: nur auf diesem Computer',
  synced: 'Mit dem Büro geteilt · abgeglichen {time}',
  waiting: 'Mit dem Büro geteilt · wartet seit {time} auf den Abgleich',
  refused: 'Mit dem Büro geteilt · das Büro hat diese Liste abgelehnt',
  share: 'Mit dem Büro teilen',
  stopSharing: 'Nicht mehr teilen',
  stopSharingHint: 'Jedes Mitglied behält eine persönliche Kopie.',
};
