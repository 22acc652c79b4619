/** Russian texts of what the library says about itself: items it could not read, refreshes that failed. */
export const libraryRu = {
  unreadableTitle: 'Не удалось прочитать',
  unreadableNone: 'Все записи, полученные из каталога, прочитаны.',
  unreadableIntro: 'Записи каталога, не соответствующие его API: {count}. Всё остальное сохранено; при следующей синхронизации эти записи будут запрошены снова.',
  unreadableActor: 'Актёр',
  unreadableCrew: 'Член съёмочной группы',
  unreadableCastingCall: 'Кастинг',
  unreadableWithId: '{kind} {id}',
  unreadableWithoutId: '{kind} без читаемого ID (страница {page})',
  unreadableSeen: 'последняя попытка: {time}',
  refreshFailed: 'Не удалось обновить: {reason} Показана копия от {time}.',
  refreshFailedUndated: 'Не удалось обновить: {reason} Показана сохранённая копия.',
};
