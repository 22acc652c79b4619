import type { samePersonEn } from './samePerson.en.ts';

/** Russian texts of one person across directories (issue 15, item 5). */
export const samePersonRu: typeof samePersonEn = {
  title: 'Тот же человек в других каталогах',
  linkedTitle: 'Связан как тот же человек',
  suggestedTitle: 'Возможно, тот же человек',
  reasonFilmdb: 'тот же идентификатор в кинобазе',
  reasonNameAndBirthYear: 'то же имя и год рождения ({year})',
  inDirectory: 'в {directory}',
  link: 'Тот же человек',
  linkLabel: 'Связать {name} в {directory} как того же человека',
  dismiss: 'Не тот же',
  dismissLabel: '{name} в {directory} — другой человек',
  unlink: 'Разъединить',
  unlinkLabel: 'Разъединить {name} в {directory}: другой человек',
  notSaved: 'Профиль {id} (не сохранён на этом компьютере)',
  memoryFrom: 'через связанный профиль в {directory}',
};
