import type { linksEn } from './links.en.ts';

/** The "Copy link" texts in this language (see links.en.ts). */
export const linksFr: typeof linksEn = {
  copy: 'Copier le lien',
  copyNamed: 'Copier le lien vers « {name} »',
  copied: 'Lien copié',
  copyFailed: 'Le lien n’a pas pu être copié.',
};
