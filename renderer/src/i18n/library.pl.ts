import type { Messages } from './en.ts';

/** Polish texts of what the library says about itself: items it could not read, refreshes that failed. */
export const libraryPl: Messages['library'] = {
  unreadableTitle: 'Nie udało się odczytać',
  unreadableNone: 'Wszystkie pozycje przesłane przez katalog udało się odczytać.',
  unreadableIntro: 'Pozycje przesłane przez katalog, które nie są zgodne z jego API: {count}. Wszystko inne zostało zapisane; następna synchronizacja pobierze te pozycje ponownie.',
  unreadableActor: 'Aktor',
  unreadableCrew: 'Członek ekipy',
  unreadableCastingCall: 'Ogłoszenie castingowe',
  unreadableWithId: '{kind} {id}',
  unreadableWithoutId: '{kind} bez czytelnego identyfikatora (strona {page})',
  unreadableSeen: 'ostatnia próba: {time}',
  refreshFailed: 'Ostatnie odświeżenie nie powiodło się: {reason} Wyświetlana jest kopia z {time}.',
  refreshFailedUndated: 'Ostatnie odświeżenie nie powiodło się: {reason} Wyświetlana jest zapisana kopia.',
};
