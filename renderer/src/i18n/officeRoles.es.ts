/** Spanish texts of a member's role on a shared list: what the role allows, picks and comments, and why a change went back. */
export const officeRolesEs = {
  viewerNotice: "Puede ver esta lista. Solo los editores de la oficina la cambian.",
  reviewerNotice: "Está revisando esta lista: marque sus elegidos y comente cada actor.",
  reviewLabel: "Elegidos y comentarios sobre {name}",
  pickedBy: "Elegido por {names}",
  pick: "Elegir",
  picked: "Elegido",
  pickLabel: "Elegir a {name}",
  yourComment: "Su comentario",
  commentLabel: "Su comentario sobre {name}",
  unknownMember: "Un miembro",
  you: "Usted",
  dismiss: "Cerrar",
  refusals: {
    office_read_only: "La oficina solo le permite ver esta lista, así que su cambio no se guardó: la lista vuelve a mostrar la versión de la oficina.",
    office_reviewer_limited: "Como revisor solo puede marcar elegidos y comentar, así que su cambio no se guardó: la lista vuelve a mostrar la versión de la oficina.",
    office_write_refused: "La oficina rechazó su cambio (demasiado grande o ilegible): la lista vuelve a mostrar la versión de la oficina.",
  },
  kept: {
    office_access_removed: "La oficina ya no comparte esta lista con usted (se eliminó o se le retiró el acceso). Se conserva aquí como su lista personal, con todo lo que contenía.",
    office_still_has_list: "Esta lista ahora es personal en este ordenador, pero la oficina todavía la tiene: no se pudo retirar de la oficina (no se pudo contactar con la oficina, o su rol allí no lo permite). Sus colegas siguen trabajando en la copia de la oficina.",
  },
};
