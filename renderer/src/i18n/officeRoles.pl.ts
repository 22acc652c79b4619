/** Polish texts of a member's role on a shared list: what the role allows, picks and comments, and why a change went back. */
export const officeRolesPl = {
  viewerNotice: "Możesz przeglądać tę listę. Zmieniają ją tylko edytorzy biura.",
  reviewerNotice: "Oceniasz tę listę: zaznacz swoje wybory i skomentuj każdego aktora.",
  reviewLabel: "Wybory i komentarze: {name}",
  pickedBy: "Wybrane przez: {names}",
  pick: "Wybierz",
  picked: "Wybrano",
  pickLabel: "Wybierz: {name}",
  yourComment: "Twój komentarz",
  commentLabel: "Twój komentarz: {name}",
  unknownMember: "Członek biura",
  you: "Ty",
  dismiss: "Zamknij",
  refusals: {
    office_read_only: "Biuro pozwala ci tylko przeglądać tę listę, więc twoja zmiana nie została zachowana: lista znów pokazuje wersję biura.",
    office_reviewer_limited: "Jako oceniający możesz tylko zaznaczać wybory i komentować, więc twoja zmiana nie została zachowana: lista znów pokazuje wersję biura.",
    office_write_refused: "Biuro odrzuciło twoją zmianę (za duża lub nieczytelna): lista znów pokazuje wersję biura.",
  },
  kept: {
    office_access_removed: "Biuro nie udostępnia już ci tej listy (została usunięta albo odebrano ci dostęp). Zostaje tutaj jako twoja lista osobista, ze wszystkim, co zawierała.",
    office_still_has_list: "Ta lista jest teraz osobista na tym komputerze, ale biuro nadal ją ma: nie udało się jej usunąć z biura (biuro było nieosiągalne albo twoja rola na to nie pozwala). Współpracownicy dalej pracują na kopii biura.",
  },
};
