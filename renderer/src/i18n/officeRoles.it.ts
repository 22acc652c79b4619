/** Italian texts of a member's role on a shared list: what the role allows, picks and comments, and why a change went back. */
export const officeRolesIt = {
  viewerNotice: "Puoi vedere questa lista. Solo gli editor dell'ufficio la modificano.",
  reviewerNotice: "Stai revisionando questa lista: segna le tue scelte e commenta ogni attore.",
  reviewLabel: "Scelte e commenti su {name}",
  pickedBy: "Scelto da {names}",
  pick: "Scegli",
  picked: "Scelto",
  pickLabel: "Scegli {name}",
  yourComment: "Il tuo commento",
  commentLabel: "Il tuo commento su {name}",
  unknownMember: "Un membro",
  you: "Tu",
  dismiss: "Chiudi",
  refusals: {
    office_read_only: "L'ufficio ti permette solo di vedere questa lista, quindi la tua modifica non è stata tenuta: la lista mostra di nuovo la versione dell'ufficio.",
    office_reviewer_limited: "Come revisore puoi solo segnare scelte e commentare, quindi la tua modifica non è stata tenuta: la lista mostra di nuovo la versione dell'ufficio.",
    office_write_refused: "L'ufficio ha rifiutato la tua modifica (troppo grande o illeggibile): la lista mostra di nuovo la versione dell'ufficio.",
  },
  kept: {
    office_access_removed: "L'ufficio non condivide più questa lista con te (è stata rimossa o il tuo accesso è stato revocato). Resta qui come tua lista personale, con tutto ciò che conteneva.",
    office_still_has_list: "Questa lista ora è personale su questo computer, ma l'ufficio ce l'ha ancora: non è stato possibile toglierla dall'ufficio (l'ufficio non era raggiungibile, o il tuo ruolo non lo consente). I tuoi colleghi continuano a lavorare sulla copia dell'ufficio.",
  },
};
