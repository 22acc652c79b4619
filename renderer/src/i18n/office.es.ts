/** Spanish texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeEs = {
  region: 'Compartir en la oficina',
  personal: 'Lista personal: solo en este equipo',
  synced: 'Compartida con la oficina · sincronizada {time}',
  waiting: 'Compartida con la oficina · última sincronización {time}; esperando sincronizar',
  notSyncedYet: 'Compartida con la oficina · aún sin sincronizar; esperando sincronizar',
  refused: 'Compartida con la oficina · la oficina rechazó esta lista',
  signedOut: 'Compartida con la oficina · no se puede sincronizar: este equipo no tiene acceso a la oficina; vuelve a unirte a ella en la página Conexiones · última sincronización {time}',
  signedOutNotSyncedYet: 'Compartida con la oficina · no se puede sincronizar: este equipo no tiene acceso a la oficina; vuelve a unirte a ella en la página Conexiones · aún sin sincronizar',
  keychainUnavailable: 'Compartida con la oficina · no se puede sincronizar: el llavero de este equipo está bloqueado o no está en marcha, así que el token de la oficina no se puede leer; desbloquéalo y elige «Comprobar de nuevo» en la página Conexiones · última sincronización {time}',
  keychainUnavailableNotSyncedYet: 'Compartida con la oficina · no se puede sincronizar: el llavero de este equipo está bloqueado o no está en marcha, así que el token de la oficina no se puede leer; desbloquéalo y elige «Comprobar de nuevo» en la página Conexiones · aún sin sincronizar',
  share: 'Compartir con la oficina',
  stopSharing: 'Dejar de compartir',
  stopSharingHint: 'Cada miembro conserva una copia personal.',
  stopSharingConfirm: '¿Dejar de compartir esta lista? Sale de la oficina para todos los miembros: cada uno conserva una copia personal y los cambios posteriores ya no se comparten.',
  stopSharingConfirmHere: '¿Conservar esta lista solo en este ordenador? La oficina y tus colegas la conservan; tus cambios posteriores no se comparten.',
};
