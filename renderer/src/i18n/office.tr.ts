/** Turkish texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeTr = {
  region: 'Ofiste paylaşım',
  personal: 'Kişisel liste: yalnızca bu bilgisayarda',
  synced: 'Ofisle paylaşıldı · {time} eşitlendi',
  waiting: 'Ofisle paylaşıldı · son eşitleme {time}; eşitleme bekliyor',
  notSyncedYet: 'Ofisle paylaşıldı · henüz eşitlenmedi; eşitleme bekliyor',
  refused: 'Ofisle paylaşıldı · ofis bu listeyi reddetti',
  signedOut: 'Ofisle paylaşıldı · eşitlenemiyor: bu bilgisayar ofiste oturum açmamış; Bağlantılar sayfasında ofise yeniden katılın · son eşitleme {time}',
  signedOutNotSyncedYet: 'Ofisle paylaşıldı · eşitlenemiyor: bu bilgisayar ofiste oturum açmamış; Bağlantılar sayfasında ofise yeniden katılın · henüz eşitlenmedi',
  keychainUnavailable: 'Ofisle paylaşıldı · eşitlenemiyor: bu bilgisayarın anahtarlığı kilitli ya da çalışmıyor, bu yüzden ofis belirteci okunamıyor; kilidini açın, ardından Bağlantılar sayfasında “Yeniden denetle”yi seçin · son eşitleme {time}',
  keychainUnavailableNotSyncedYet: 'Ofisle paylaşıldı · eşitlenemiyor: bu bilgisayarın anahtarlığı kilitli ya da çalışmıyor, bu yüzden ofis belirteci okunamıyor; kilidini açın, ardından Bağlantılar sayfasında “Yeniden denetle”yi seçin · henüz eşitlenmedi',
  share: 'Ofisle paylaş',
  stopSharing: 'Paylaşımı durdur',
  stopSharingHint: 'Her üye kişisel bir kopya tutar.',
  stopSharingConfirm: 'Bu listenin paylaşımı durdurulsun mu? Liste tüm üyeler için ofisten çıkar: her biri kişisel bir kopya tutar ve sonraki değişiklikler artık paylaşılmaz.',
  stopSharingConfirmHere: 'Bu liste yalnızca bu bilgisayarda mı kalsın? Ofis ve iş arkadaşlarınız onu tutar; sonraki değişiklikleriniz paylaşılmaz.',
};
