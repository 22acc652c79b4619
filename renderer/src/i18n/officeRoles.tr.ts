/** Turkish texts of a member's role on a shared list: what the role allows, picks and comments, and why a change went back. */
export const officeRolesTr = {
  viewerNotice: "Bu listeyi görüntüleyebilirsiniz. Listeyi yalnızca ofisin editörleri değiştirir.",
  reviewerNotice: "Bu listeyi inceliyorsunuz: seçimlerinizi işaretleyin ve her oyuncu için yorum yazın.",
  reviewLabel: "{name} için seçimler ve yorumlar",
  pickedBy: "Seçenler: {names}",
  pick: "Seç",
  picked: "Seçildi",
  pickLabel: "{name} oyuncusunu seç",
  yourComment: "Yorumunuz",
  commentLabel: "{name} için yorumunuz",
  unknownMember: "Bir üye",
  you: "Siz",
  dismiss: "Kapat",
  refusals: {
    office_read_only: "Ofis bu listeyi yalnızca görüntülemenize izin veriyor, bu yüzden değişikliğiniz tutulmadı: liste yeniden ofisin sürümünü gösteriyor.",
    office_reviewer_limited: "İnceleyen olarak yalnızca seçim işaretleyip yorum yazabilirsiniz, bu yüzden değişikliğiniz tutulmadı: liste yeniden ofisin sürümünü gösteriyor.",
    office_write_refused: "Ofis değişikliğinizi reddetti (çok büyük ya da okunamıyor): liste yeniden ofisin sürümünü gösteriyor.",
  },
  kept: {
    office_access_removed: "Ofis bu listeyi artık sizinle paylaşmıyor (kaldırıldı ya da erişiminiz geri alındı). Liste, içindeki her şeyle birlikte burada kişisel listeniz olarak kalıyor.",
    office_still_has_list: "Bu liste artık bu bilgisayarda kişisel, ancak ofiste hâlâ duruyor: ofisten çıkarılamadı (ofise ulaşılamadı ya da oradaki rolünüz buna izin vermiyor). Meslektaşlarınız ofisin kopyası üzerinde çalışmaya devam ediyor.",
  },
};
