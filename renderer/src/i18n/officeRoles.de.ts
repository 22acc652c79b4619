/** German texts of a member's role on a shared list: what the role allows, picks and comments, and why a change went back. */
export const officeRolesDe = {
  viewerNotice: "Sie können diese Liste ansehen. Nur die Bearbeiterinnen und Bearbeiter des Büros ändern sie.",
  reviewerNotice: "Sie prüfen diese Liste: Markieren Sie Ihre Favoriten und kommentieren Sie jede Person.",
  reviewLabel: "Favoriten und Kommentare zu {name}",
  pickedBy: "Favorit von {names}",
  pick: "Favorit",
  picked: "Als Favorit markiert",
  pickLabel: "{name} als Favorit markieren",
  yourComment: "Ihr Kommentar",
  commentLabel: "Ihr Kommentar zu {name}",
  unknownMember: "Ein Mitglied",
  you: "Sie",
  dismiss: "Schließen",
  refusals: {
    office_read_only: "Das Büro erlaubt Ihnen nur das Ansehen dieser Liste, daher wurde Ihre Änderung nicht übernommen: Die Liste zeigt wieder den Stand des Büros.",
    office_reviewer_limited: "Als Prüferin oder Prüfer können Sie nur Favoriten markieren und kommentieren, daher wurde Ihre Änderung nicht übernommen: Die Liste zeigt wieder den Stand des Büros.",
    office_write_refused: "Das Büro hat Ihre Änderung abgelehnt (zu groß oder nicht lesbar): Die Liste zeigt wieder den Stand des Büros.",
  },
  kept: {
    office_access_removed: "Das Büro teilt diese Liste nicht mehr mit Ihnen (sie wurde entfernt, oder Ihr Zugang wurde entzogen). Sie bleibt hier als Ihre persönliche Liste erhalten, mit allem, was sie enthielt.",
    office_still_has_list: "Diese Liste ist jetzt auf diesem Computer persönlich, aber das Büro hat sie noch: Sie konnte nicht aus dem Büro genommen werden (das Büro war nicht erreichbar, oder Ihre Rolle dort erlaubt es nicht). Ihre Kolleginnen und Kollegen arbeiten weiter an der Kopie des Büros.",
  },
};
