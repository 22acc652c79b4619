/** French texts of saved searches that watch and of casting calls' news (what is new since the last look). */
export const watchFr = {
  newCount: '{count} nouveau | {count} nouveaux',
  newForSearch: 'Afficher le {count} nouveau résultat de « {name} » | Afficher les {count} nouveaux résultats de « {name} »',
  newListTitle: 'Nouveau pour « {name} »',
  unnamed: 'Profil {id}',
  unnamedCall: 'Appel à casting {id}',
  unnamedRole: 'Rôle {id}',
  markSeen: 'Marquer comme vu',
  markSeenNamed: 'Marquer {name} comme vu',
  markAllSeen: 'Tout marquer comme vu',
  callsWithNews: '{count} avec du nouveau | {count} avec du nouveau',
  callsWithNewsSummary: '{count} appel à casting est nouveau, nouvellement en cours ou a de nouveaux rôles. | {count} appels à casting sont nouveaux, nouvellement en cours ou ont de nouveaux rôles.',
  callNew: 'Nouveau',
  callNewlyCurrent: 'Nouvellement en cours',
  callNewRoles: '{count} nouveau rôle | {count} nouveaux rôles',
  roleNew: 'Nouveau rôle',
};
