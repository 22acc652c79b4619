import type { samePersonEn } from './samePerson.en.ts';

/** German texts of one person across directories (issue 15, item 5). */
export const samePersonDe: typeof samePersonEn = {
  title: 'Dieselbe Person in anderen Verzeichnissen',
  linkedTitle: 'Als dieselbe Person verknüpft',
  suggestedTitle: 'Möglicherweise dieselbe Person',
  reasonFilmdb: 'gleiche Filmdatenbank-ID',
  reasonNameAndBirthYear: 'gleicher Name und gleiches Geburtsjahr ({year})',
  inDirectory: 'in {directory}',
  link: 'Dieselbe Person',
  linkLabel: '{name} in {directory} als dieselbe Person verknüpfen',
  dismiss: 'Nicht dieselbe',
  dismissLabel: '{name} in {directory} ist jemand anderes',
  unlink: 'Verknüpfung lösen',
  unlinkLabel: 'Verknüpfung mit {name} in {directory} lösen: jemand anderes',
  notSaved: 'Profil {id} (nicht auf diesem Computer gespeichert)',
  memoryFrom: 'über das verknüpfte Profil in {directory}',
};
