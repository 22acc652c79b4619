/** French texts of what the library says about itself: items it could not read, refreshes that failed. */
export const libraryFr = {
  unreadableTitle: 'Éléments illisibles',
  unreadableNone: 'Tous les éléments envoyés par l’annuaire ont pu être lus.',
  unreadableIntro: 'Éléments envoyés par l’annuaire qui ne correspondent pas à son API : {count}. Tout le reste a été enregistré ; la prochaine synchronisation les redemandera.',
  unreadableActor: 'Profil comédien',
  unreadableCrew: 'Membre de l’équipe technique',
  unreadableCastingCall: 'Annonce de casting',
  unreadableWithId: '{kind} {id}',
  unreadableWithoutId: '{kind} sans identifiant lisible (page {page})',
  unreadableSeen: 'dernière tentative : {time}',
  refreshFailed: 'Échec de la dernière actualisation : {reason} Affichage de la copie du {time}.',
  refreshFailedUndated: 'Échec de la dernière actualisation : {reason} Affichage de la copie enregistrée.',
};
