import type { samePersonEn } from './samePerson.en.ts';

/** Spanish texts of one person across directories (issue 15, item 5). */
export const samePersonEs: typeof samePersonEn = {
  title: 'La misma persona en otros directorios',
  linkedTitle: 'Vinculada como la misma persona',
  suggestedTitle: 'Posiblemente la misma persona',
  reasonFilmdb: 'mismo ID de la base de datos de cine',
  reasonNameAndBirthYear: 'mismo nombre y mismo año de nacimiento ({year})',
  inDirectory: 'en {directory}',
  link: 'Misma persona',
  linkLabel: 'Vincular a {name} en {directory} como la misma persona',
  dismiss: 'No es la misma',
  dismissLabel: '{name} en {directory} es otra persona',
  unlink: 'Desvincular',
  unlinkLabel: 'Desvincular a {name} en {directory}: otra persona',
  notSaved: 'Perfil {id} (no guardado en este ordenador)',
  memoryFrom: 'a través del perfil vinculado en {directory}',
};
