import type { Messages } from './en.ts';

/** Turkish texts of what the library says about itself: items it could not read, refreshes that failed. */
export const libraryTr: Messages['library'] = {
  unreadableTitle: 'Okunamayanlar',
  unreadableNone: 'Kataloğun gönderdiği her kayıt okunabildi.',
  unreadableIntro: 'Kataloğun gönderdiği ve API’sine uymayan kayıtlar: {count}. Geri kalan her şey kaydedildi; bir sonraki eşitleme bunları yeniden ister.',
  unreadableActor: 'Oyuncu',
  unreadableCrew: 'Ekip üyesi',
  unreadableCastingCall: 'Casting ilanı',
  unreadableWithId: '{kind} {id}',
  unreadableWithoutId: '{kind}, okunabilir numarası yok (sayfa {page})',
  unreadableSeen: 'son deneme: {time}',
  refreshFailed: 'Son yenileme başarısız oldu: {reason} {time} tarihli kopya gösteriliyor.',
  refreshFailedUndated: 'Son yenileme başarısız oldu: {reason} Kayıtlı kopya gösteriliyor.',
};
