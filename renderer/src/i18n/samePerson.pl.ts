import type { samePersonEn } from './samePerson.en.ts';

/** Polish texts of one person across directories (issue 15, item 5). */
export const samePersonPl: typeof samePersonEn = {
  title: 'Ta sama osoba w innych katalogach',
  linkedTitle: 'Połączone jako ta sama osoba',
  suggestedTitle: 'Być może ta sama osoba',
  reasonFilmdb: 'ten sam identyfikator w bazie filmowej',
  reasonNameAndBirthYear: 'to samo imię i nazwisko oraz rok urodzenia ({year})',
  inDirectory: 'w {directory}',
  link: 'Ta sama osoba',
  linkLabel: 'Połącz {name} w {directory} jako tę samą osobę',
  dismiss: 'To nie ta sama',
  dismissLabel: '{name} w {directory} to ktoś inny',
  unlink: 'Rozłącz',
  unlinkLabel: 'Rozłącz {name} w {directory}: ktoś inny',
  notSaved: 'Profil {id} (niezapisany na tym komputerze)',
  memoryFrom: 'przez połączony profil w {directory}',
};
