/** French texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeFr = {
  region: 'Partage au bureau',
  personal: 'Liste personnelle : seulement sur cet ordinateur',
  synced: 'Partagée avec le bureau · synchronisée {time}',
  waiting: 'Partagée avec le bureau · dernière synchronisation {time} ; en attente de synchronisation',
  notSyncedYet: 'Partagée avec le bureau · pas encore synchronisée ; en attente de synchronisation',
  refused: 'Partagée avec le bureau · le bureau a refusé cette liste',
  signedOut: 'Partagée avec le bureau · synchronisation impossible : cet ordinateur n’est pas connecté au bureau ; rejoignez-le à nouveau sur la page Connexions · dernière synchronisation {time}',
  signedOutNotSyncedYet: 'Partagée avec le bureau · synchronisation impossible : cet ordinateur n’est pas connecté au bureau ; rejoignez-le à nouveau sur la page Connexions · pas encore synchronisée',
  keychainUnavailable: 'Partagée avec le bureau · synchronisation impossible : le trousseau de cet ordinateur est verrouillé ou ne fonctionne pas, le jeton du bureau ne peut donc pas être lu ; déverrouillez-le, puis choisissez « Vérifier à nouveau » sur la page Connexions · dernière synchronisation {time}',
  keychainUnavailableNotSyncedYet: 'Partagée avec le bureau · synchronisation impossible : le trousseau de cet ordinateur est verrouillé ou ne fonctionne pas, le jeton du bureau ne peut donc pas être lu ; déverrouillez-le, puis choisissez « Vérifier à nouveau » sur la page Connexions · pas encore synchronisée',
  share: 'Partager avec le bureau',
  stopSharing: 'Arrêter le partage',
  stopSharingHint: 'Chaque membre garde une copie personnelle.',
  stopSharingConfirm: 'Arrêter le partage de cette liste ? Elle quitte le bureau pour tous les membres : chacun garde une copie personnelle, et les changements suivants ne sont plus partagés.',
  stopSharingConfirmHere: 'Garder cette liste sur cet ordinateur seulement ? Le bureau et vos collègues la gardent ; vos changements suivants ne sont pas partagés.',
};
