import type { samePersonEn } from './samePerson.en.ts';

/** Italian texts of one person across directories (issue 15, item 5). */
export const samePersonIt: typeof samePersonEn = {
  title: 'La stessa persona in altri elenchi',
  linkedTitle: 'Collegata come la stessa persona',
  suggestedTitle: 'Forse la stessa persona',
  reasonFilmdb: 'stesso ID del database cinematografico',
  reasonNameAndBirthYear: 'stesso nome e stesso anno di nascita ({year})',
  inDirectory: 'in {directory}',
  link: 'Stessa persona',
  linkLabel: 'Collega {name} in {directory} come la stessa persona',
  dismiss: 'Non è la stessa',
  dismissLabel: '{name} in {directory} è un’altra persona',
  unlink: 'Scollega',
  unlinkLabel: 'Scollega {name} in {directory}: un’altra persona',
  notSaved: 'Profilo {id} (non salvato su questo computer)',
  memoryFrom: 'tramite il profilo collegato in {directory}',
};
