/** Russian texts of saved searches that watch and of casting calls' news (what is new since the last look). */
export const watchRu = {
  newCount: '{count} новый | {count} новых | {count} новых',
  newForSearch: 'Показать {count} новое совпадение для «{name}» | Показать {count} новых совпадения для «{name}» | Показать {count} новых совпадений для «{name}»',
  newListTitle: 'Новое для «{name}»',
  unnamed: 'Профиль {id}',
  unnamedCall: 'Кастинг {id}',
  unnamedRole: 'Роль {id}',
  markSeen: 'Отметить как просмотренное',
  markSeenNamed: 'Отметить {name} как просмотренное',
  markAllSeen: 'Отметить всё как просмотренное',
  callsWithNews: '{count} с новостями | {count} с новостями | {count} с новостями',
  callsWithNewsSummary: '{count} кастинг новый, только что стал актуальным или имеет новые роли. | {count} кастинга новые, только что стали актуальными или имеют новые роли. | {count} кастингов новые, только что стали актуальными или имеют новые роли.',
  callNew: 'Новый',
  callNewlyCurrent: 'Только что актуален',
  callNewRoles: '{count} новая роль | {count} новые роли | {count} новых ролей',
  roleNew: 'Новая роль',
};
