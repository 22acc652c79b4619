/** Romanian texts of what the library says about itself: items it could not read, refreshes that failed. */
export const libraryRo = {
  unreadableTitle: 'Elemente care nu au putut fi citite',
  unreadableNone: 'Toate elementele trimise de catalog au putut fi citite.',
  unreadableIntro: 'Elemente trimise de catalog care nu corespund API-ului său: {count}. Tot restul a fost salvat; la următoarea sincronizare vor fi cerute din nou.',
  unreadableActor: 'Actor',
  unreadableCrew: 'Membru al echipei tehnice',
  unreadableCastingCall: 'Anunț de casting',
  unreadableWithId: '{kind} {id}',
  unreadableWithoutId: '{kind} fără ID lizibil (pagina {page})',
  unreadableSeen: 'ultima încercare: {time}',
  refreshFailed: 'Ultima actualizare a eșuat: {reason} Se afișează copia din {time}.',
  refreshFailedUndated: 'Ultima actualizare a eșuat: {reason} Se afișează copia salvată.',
};
