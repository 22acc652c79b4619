/** Turkish texts of saved searches that watch and of casting calls' news (what is new since the last look). */
export const watchTr = {
  newCount: '{count} yeni | {count} yeni',
  newForSearch: '“{name}” için {count} yeni sonucu göster | “{name}” için {count} yeni sonucu göster',
  newListTitle: '“{name}” için yeni',
  unnamed: 'Profil {id}',
  unnamedCall: 'Oyuncu seçimi ilanı {id}',
  unnamedRole: 'Rol {id}',
  markSeen: 'Görüldü olarak işaretle',
  markSeenNamed: '{name} görüldü olarak işaretle',
  markAllSeen: 'Tümünü görüldü olarak işaretle',
  callsWithNews: '{count} yenilikli | {count} yenilikli',
  callsWithNewsSummary: '{count} ilan yeni, yeni güncel ya da yeni rolleri var. | {count} ilan yeni, yeni güncel ya da yeni rolleri var.',
  callNew: 'Yeni',
  callNewlyCurrent: 'Yeni güncel',
  callNewRoles: '{count} yeni rol | {count} yeni rol',
  roleNew: 'Yeni rol',
};
