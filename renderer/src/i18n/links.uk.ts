import type { linksEn } from './links.en.ts';

/** The "Copy link" texts in this language (see links.en.ts). */
export const linksUk: typeof linksEn = {
  copy: 'Копіювати посилання',
  copyNamed: 'Копіювати посилання на «{name}»',
  copied: 'Посилання скопійовано',
  copyFailed: 'Не вдалося скопіювати посилання.',
};
