import type { linksEn } from './links.en.ts';

/** The "Copy link" texts in this language (see links.en.ts). */
export const linksEs: typeof linksEn = {
  copy: 'Copiar enlace',
  copyNamed: 'Copiar el enlace a «{name}»',
  copied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar el enlace.',
};
