/** Spanish texts of saved searches that watch and of casting calls' news (what is new since the last look). */
export const watchEs = {
  newCount: '{count} nuevo | {count} nuevos',
  newForSearch: 'Mostrar el {count} resultado nuevo de «{name}» | Mostrar los {count} resultados nuevos de «{name}»',
  newListTitle: 'Nuevo para «{name}»',
  unnamed: 'Perfil {id}',
  unnamedCall: 'Convocatoria {id}',
  unnamedRole: 'Papel {id}',
  markSeen: 'Marcar como visto',
  markSeenNamed: 'Marcar {name} como visto',
  markAllSeen: 'Marcar todo como visto',
  callsWithNews: '{count} con novedades | {count} con novedades',
  callsWithNewsSummary: '{count} convocatoria es nueva, recién vigente o tiene papeles nuevos. | {count} convocatorias son nuevas, recién vigentes o tienen papeles nuevos.',
  callNew: 'Nueva',
  callNewlyCurrent: 'Recién vigente',
  callNewRoles: '{count} papel nuevo | {count} papeles nuevos',
  roleNew: 'Papel nuevo',
};
