import type { linksEn } from './links.en.ts';

/** The "Copy link" texts in this language (see links.en.ts). */
export const linksTr: typeof linksEn = {
  copy: 'Bağlantıyı kopyala',
  copyNamed: '“{name}” bağlantısını kopyala',
  copied: 'Bağlantı kopyalandı',
  copyFailed: 'Bağlantı kopyalanamadı.',
};
