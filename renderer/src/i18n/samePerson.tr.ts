import type { samePersonEn } from './samePerson.en.ts';

/** Turkish texts of one person across directories (issue 15, item 5). */
export const samePersonTr: typeof samePersonEn = {
  title: 'Diğer dizinlerde aynı kişi',
  linkedTitle: 'Aynı kişi olarak bağlandı',
  suggestedTitle: 'Muhtemelen aynı kişi',
  reasonFilmdb: 'aynı film veritabanı kimliği',
  reasonNameAndBirthYear: 'aynı ad ve doğum yılı ({year})',
  inDirectory: '{directory} içinde',
  link: 'Aynı kişi',
  linkLabel: '{directory} içindeki {name} profilini aynı kişi olarak bağla',
  dismiss: 'Aynı değil',
  dismissLabel: '{directory} içindeki {name} başka biri',
  unlink: 'Bağlantıyı kaldır',
  unlinkLabel: '{directory} içindeki {name} bağlantısını kaldır: başka biri',
  notSaved: 'Profil {id} (bu bilgisayarda kayıtlı değil)',
  memoryFrom: '{directory} içindeki bağlı profil üzerinden',
};
