import type { samePersonEn } from './samePerson.en.ts';

/** French texts of one person across directories (issue 15, item 5). */
export const samePersonFr: typeof samePersonEn = {
  title: 'La même personne dans d’autres annuaires',
  linkedTitle: 'Liée comme la même personne',
  suggestedTitle: 'Peut-être la même personne',
  reasonFilmdb: 'même identifiant de base de données de films',
  reasonNameAndBirthYear: 'même nom et même année de naissance ({year})',
  inDirectory: 'dans {directory}',
  link: 'Même personne',
  linkLabel: 'Lier {name} dans {directory} comme la même personne',
  dismiss: 'Pas la même',
  dismissLabel: '{name} dans {directory} est quelqu’un d’autre',
  unlink: 'Délier',
  unlinkLabel: 'Délier {name} dans {directory} : quelqu’un d’autre',
  notSaved: 'Profil {id} (non enregistré sur cet ordinateur)',
  memoryFrom: 'par le profil lié dans {directory}',
};
