/** Italian texts of saved searches that watch and of casting calls' news (what is new since the last look). */
export const watchIt = {
  newCount: '{count} nuovo | {count} nuovi',
  newForSearch: 'Mostra il {count} nuovo risultato di «{name}» | Mostra i {count} nuovi risultati di «{name}»',
  newListTitle: 'Novità per «{name}»',
  unnamed: 'Profilo {id}',
  unnamedCall: 'Casting {id}',
  unnamedRole: 'Ruolo {id}',
  markSeen: 'Segna come visto',
  markSeenNamed: 'Segna {name} come visto',
  markAllSeen: 'Segna tutto come visto',
  callsWithNews: '{count} con novità | {count} con novità',
  callsWithNewsSummary: '{count} casting è nuovo, appena attivo o ha nuovi ruoli. | {count} casting sono nuovi, appena attivi o hanno nuovi ruoli.',
  callNew: 'Nuovo',
  callNewlyCurrent: 'Appena attivo',
  callNewRoles: '{count} nuovo ruolo | {count} nuovi ruoli',
  roleNew: 'Nuovo ruolo',
};
