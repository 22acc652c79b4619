/** German texts of saved searches that watch and of casting calls' news (what is new since the last look). */
export const watchDe = {
  newCount: '{count} neu | {count} neu',
  newForSearch: 'Den {count} neuen Treffer für „{name}“ zeigen | Die {count} neuen Treffer für „{name}“ zeigen',
  newListTitle: 'Neu für „{name}“',
  unnamed: 'Profil {id}',
  unnamedCall: 'Casting-Ausschreibung {id}',
  unnamedRole: 'Rolle {id}',
  markSeen: 'Als gesehen markieren',
  markSeenNamed: '{name} als gesehen markieren',
  markAllSeen: 'Alle als gesehen markieren',
  callsWithNews: '{count} mit Neuigkeiten | {count} mit Neuigkeiten',
  callsWithNewsSummary: '{count} Casting-Ausschreibung ist neu, neu aktuell oder hat neue Rollen. | {count} Casting-Ausschreibungen sind neu, neu aktuell oder haben neue Rollen.',
  callNew: 'Neu',
  callNewlyCurrent: 'Neu aktuell',
  callNewRoles: '{count} neue Rolle | {count} neue Rollen',
  roleNew: 'Neue Rolle',
};
