import type { linksEn } from './links.en.ts';

/** The "Copy link" texts in this language (see links.en.ts). */
export const linksRu: typeof linksEn = {
  copy: 'Копировать ссылку',
  copyNamed: 'Копировать ссылку на «{name}»',
  copied: 'Ссылка скопирована',
  copyFailed: 'Не удалось скопировать ссылку.',
};
