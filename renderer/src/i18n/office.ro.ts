/** Romanian texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeRo = {
  region: 'Partajare în birou',
  personal: 'Listă personală: doar pe acest computer',
  synced: 'Partajată cu biroul · sincronizată {time}',
  waiting: 'Partajată cu biroul · ultima sincronizare {time}; așteaptă sincronizarea',
  notSyncedYet: 'Partajată cu biroul · încă nesincronizată; așteaptă sincronizarea',
  refused: 'Partajată cu biroul · biroul a refuzat această listă',
  signedOut: 'Partajată cu biroul · nu se poate sincroniza: acest computer nu este conectat la birou; intrați din nou în birou pe pagina Conexiuni · ultima sincronizare {time}',
  signedOutNotSyncedYet: 'Partajată cu biroul · nu se poate sincroniza: acest computer nu este conectat la birou; intrați din nou în birou pe pagina Conexiuni · încă nesincronizată',
  keychainUnavailable: 'Partajată cu biroul · nu se poate sincroniza: portcheiul acestui computer este blocat sau nu rulează, așa că tokenul biroului nu poate fi citit; deblocați-l, apoi alegeți „Verifică din nou” pe pagina Conexiuni · ultima sincronizare {time}',
  keychainUnavailableNotSyncedYet: 'Partajată cu biroul · nu se poate sincroniza: portcheiul acestui computer este blocat sau nu rulează, așa că tokenul biroului nu poate fi citit; deblocați-l, apoi alegeți „Verifică din nou” pe pagina Conexiuni · încă nesincronizată',
  share: 'Partajează cu biroul',
  stopSharing: 'Oprește partajarea',
  stopSharingHint: 'Fiecare membru păstrează o copie personală.',
  stopSharingConfirm: 'Oprești partajarea acestei liste? Ea iese din birou pentru toți membrii: fiecare păstrează o copie personală, iar modificările ulterioare nu mai sunt partajate.',
  stopSharingConfirmHere: 'Păstrezi această listă doar pe acest computer? Biroul și colegii tăi o păstrează; modificările tale ulterioare nu sunt partajate.',
};
