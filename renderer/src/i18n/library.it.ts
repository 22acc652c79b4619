import type { Messages } from './en.ts';

/** Italian texts of what the library says about itself: items it could not read, refreshes that failed. */
export const libraryIt: Messages['library'] = {
  unreadableTitle: 'Non leggibili',
  unreadableNone: 'Tutte le voci inviate dalla directory sono state lette.',
  unreadableIntro: 'Voci inviate dalla directory che non corrispondono alla sua API: {count}. Tutto il resto è stato salvato; la prossima sincronizzazione le richiede di nuovo.',
  unreadableActor: 'Interprete',
  unreadableCrew: 'Membro della troupe',
  unreadableCastingCall: 'Annuncio di casting',
  unreadableWithId: '{kind} {id}',
  unreadableWithoutId: '{kind} senza ID leggibile (pagina {page})',
  unreadableSeen: 'ultimo tentativo {time}',
  refreshFailed: 'Ultimo aggiornamento non riuscito: {reason} Viene mostrata la copia del {time}.',
  refreshFailedUndated: 'Ultimo aggiornamento non riuscito: {reason} Viene mostrata la copia salvata.',
};
