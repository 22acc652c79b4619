import type { samePersonEn } from './samePerson.en.ts';

/** Ukrainian texts of one person across directories (issue 15, item 5). */
export const samePersonUk: typeof samePersonEn = {
  title: 'Та сама особа в інших каталогах',
  linkedTitle: 'Пов’язано як ту саму особу',
  suggestedTitle: 'Можливо, та сама особа',
  reasonFilmdb: 'той самий ідентифікатор у кінобазі',
  reasonNameAndBirthYear: 'те саме ім’я та рік народження ({year})',
  inDirectory: 'у {directory}',
  link: 'Та сама особа',
  linkLabel: 'Пов’язати {name} у {directory} як ту саму особу',
  dismiss: 'Не та сама',
  dismissLabel: '{name} у {directory} — інша особа',
  unlink: 'Роз’єднати',
  unlinkLabel: 'Роз’єднати {name} у {directory}: інша особа',
  notSaved: 'Профіль {id} (не збережено на цьому комп’ютері)',
  memoryFrom: 'через пов’язаний профіль у {directory}',
};
