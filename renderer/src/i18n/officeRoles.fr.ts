/** French texts of a member's role on a shared list: what the role allows, picks and comments, and why a change went back. */
export const officeRolesFr = {
  viewerNotice: "Vous pouvez consulter cette liste. Seuls les éditeurs du bureau la modifient.",
  reviewerNotice: "Vous relisez cette liste : marquez vos choix et commentez chaque comédien.",
  reviewLabel: "Choix et commentaires sur {name}",
  pickedBy: "Choisi par {names}",
  pick: "Choisir",
  picked: "Choisi",
  pickLabel: "Choisir {name}",
  yourComment: "Votre commentaire",
  commentLabel: "Votre commentaire sur {name}",
  unknownMember: "Un membre",
  you: "Vous",
  dismiss: "Fermer",
  refusals: {
    office_read_only: "Le bureau vous permet seulement de consulter cette liste, votre modification n'a donc pas été gardée : la liste montre de nouveau la version du bureau.",
    office_reviewer_limited: "En tant que relecteur, vous pouvez seulement marquer des choix et commenter, votre modification n'a donc pas été gardée : la liste montre de nouveau la version du bureau.",
    office_write_refused: "Le bureau a refusé votre modification (trop grande ou illisible) : la liste montre de nouveau la version du bureau.",
  },
  kept: {
    office_access_removed: "Le bureau ne partage plus cette liste avec vous (elle a été retirée, ou votre accès a été supprimé). Elle est conservée ici comme votre liste personnelle, avec tout ce qu'elle contenait.",
    office_still_has_list: "Cette liste est désormais personnelle sur cet ordinateur, mais le bureau l'a toujours : elle n'a pas pu être retirée du bureau (le bureau était injoignable, ou votre rôle ne le permet pas). Vos collègues continuent de travailler sur la copie du bureau.",
  },
};
