import type { linksEn } from './links.en.ts';

/** The "Copy link" texts in this language (see links.en.ts). */
export const linksPl: typeof linksEn = {
  copy: 'Kopiuj link',
  copyNamed: 'Kopiuj link do „{name}”',
  copied: 'Link skopiowany',
  copyFailed: 'Nie udało się skopiować linku.',
};
