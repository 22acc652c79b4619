import type { linksEn } from './links.en.ts';

/** The "Copy link" texts in this language (see links.en.ts). */
export const linksDe: typeof linksEn = {
  copy: 'Link kopieren',
  copyNamed: 'Link zu „{name}“ kopieren',
  copied: 'Link kopiert',
  copyFailed: 'Der Link konnte nicht kopiert werden.',
};
