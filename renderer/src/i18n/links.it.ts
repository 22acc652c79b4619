import type { linksEn } from './links.en.ts';

/** The "Copy link" texts in this language (see links.en.ts). */
export const linksIt: typeof linksEn = {
  copy: 'Copia link',
  copyNamed: 'Copia il link a «{name}»',
  copied: 'Link copiato',
  copyFailed: 'Impossibile copiare il link.',
};
