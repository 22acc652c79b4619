/** Romanian texts of saved searches that watch and of casting calls' news (what is new since the last look). */
export const watchRo = {
  newCount: '{count} nou | {count} noi | {count} noi',
  newForSearch: 'Arată {count} rezultat nou pentru „{name}” | Arată {count} rezultate noi pentru „{name}” | Arată {count} de rezultate noi pentru „{name}”',
  newListTitle: 'Nou pentru „{name}”',
  unnamed: 'Profil {id}',
  unnamedCall: 'Casting {id}',
  unnamedRole: 'Rol {id}',
  markSeen: 'Marchează ca văzut',
  markSeenNamed: 'Marchează {name} ca văzut',
  markAllSeen: 'Marchează tot ca văzut',
  callsWithNews: '{count} cu noutăți | {count} cu noutăți | {count} cu noutăți',
  callsWithNewsSummary: '{count} casting este nou, recent activ sau are roluri noi. | {count} castinguri sunt noi, recent active sau au roluri noi. | {count} de castinguri sunt noi, recent active sau au roluri noi.',
  callNew: 'Nou',
  callNewlyCurrent: 'Recent activ',
  callNewRoles: '{count} rol nou | {count} roluri noi | {count} de roluri noi',
  roleNew: 'Rol nou',
};
