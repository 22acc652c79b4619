/** Ukrainian texts of saved searches that watch and of casting calls' news (what is new since the last look). */
export const watchUk = {
  newCount: '{count} новий | {count} нові | {count} нових',
  newForSearch: 'Показати {count} новий збіг для «{name}» | Показати {count} нові збіги для «{name}» | Показати {count} нових збігів для «{name}»',
  newListTitle: 'Нове для «{name}»',
  unnamed: 'Профіль {id}',
  unnamedCall: 'Кастинг {id}',
  unnamedRole: 'Роль {id}',
  markSeen: 'Позначити як переглянуте',
  markSeenNamed: 'Позначити {name} як переглянуте',
  markAllSeen: 'Позначити все як переглянуте',
  callsWithNews: '{count} з новинами | {count} з новинами | {count} з новинами',
  callsWithNewsSummary: '{count} кастинг новий, щойно став актуальним або має нові ролі. | {count} кастинги нові, щойно стали актуальними або мають нові ролі. | {count} кастингів нові, щойно стали актуальними або мають нові ролі.',
  callNew: 'Новий',
  callNewlyCurrent: 'Щойно актуальний',
  callNewRoles: '{count} нова роль | {count} нові ролі | {count} нових ролей',
  roleNew: 'Нова роль',
};
