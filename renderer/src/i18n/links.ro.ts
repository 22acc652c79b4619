import type { linksEn } from './links.en.ts';

/** The "Copy link" texts in this language (see links.en.ts). */
export const linksRo: typeof linksEn = {
  copy: 'Copiază linkul',
  copyNamed: 'Copiază linkul către „{name}”',
  copied: 'Link copiat',
  copyFailed: 'Linkul nu a putut fi copiat.',
};
