import type { samePersonEn } from './samePerson.en.ts';

/** Romanian texts of one person across directories (issue 15, item 5). */
export const samePersonRo: typeof samePersonEn = {
  title: 'Aceeași persoană în alte cataloage',
  linkedTitle: 'Legată ca aceeași persoană',
  suggestedTitle: 'Posibil aceeași persoană',
  reasonFilmdb: 'același ID din baza de date de filme',
  reasonNameAndBirthYear: 'același nume și același an al nașterii ({year})',
  inDirectory: 'în {directory}',
  link: 'Aceeași persoană',
  linkLabel: 'Leagă {name} din {directory} ca aceeași persoană',
  dismiss: 'Nu este aceeași',
  dismissLabel: '{name} din {directory} este altcineva',
  unlink: 'Dezleagă',
  unlinkLabel: 'Dezleagă {name} din {directory}: altcineva',
  notSaved: 'Profilul {id} (nesalvat pe acest computer)',
  memoryFrom: 'prin profilul legat din {directory}',
};
