import type { Messages } from './en.ts';

/** Ukrainian texts of what the library says about itself: items it could not read, refreshes that failed. */
export const libraryUk: Messages['library'] = {
  unreadableTitle: 'Не вдалося прочитати',
  unreadableNone: 'Усі записи, надіслані каталогом, вдалося прочитати.',
  unreadableIntro: 'Записи від каталогу, що не відповідають його API: {count}. Усе інше збережено; під час наступної синхронізації їх буде запитано знову.',
  unreadableActor: 'Акторський профіль',
  unreadableCrew: 'Член знімальної групи',
  unreadableCastingCall: 'Кастинг',
  unreadableWithId: '{kind} {id}',
  unreadableWithoutId: '{kind} без читабельного ID (сторінка {page})',
  unreadableSeen: 'остання спроба: {time}',
  refreshFailed: 'Останнє оновлення не вдалося: {reason} Показано копію від {time}.',
  refreshFailedUndated: 'Останнє оновлення не вдалося: {reason} Показано збережену копію.',
};
