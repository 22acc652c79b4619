/** Romanian texts of a member's role on a shared list: what the role allows, picks and comments, and why a change went back. */
export const officeRolesRo = {
  viewerNotice: "Puteți vedea această listă. Doar editorii biroului o schimbă.",
  reviewerNotice: "Revizuiți această listă: marcați alegerile și comentați fiecare actor.",
  reviewLabel: "Alegeri și comentarii despre {name}",
  pickedBy: "Ales de {names}",
  pick: "Alege",
  picked: "Ales",
  pickLabel: "Alege pe {name}",
  yourComment: "Comentariul dumneavoastră",
  commentLabel: "Comentariul dumneavoastră despre {name}",
  unknownMember: "Un membru",
  you: "Dumneavoastră",
  dismiss: "Închide",
  refusals: {
    office_read_only: "Biroul vă permite doar să vedeți această listă, deci modificarea nu a fost păstrată: lista arată din nou versiunea biroului.",
    office_reviewer_limited: "Ca revizor puteți doar să marcați alegeri și să comentați, deci modificarea nu a fost păstrată: lista arată din nou versiunea biroului.",
    office_write_refused: "Biroul a refuzat modificarea (prea mare sau ilizibilă): lista arată din nou versiunea biroului.",
  },
  kept: {
    office_access_removed: "Biroul nu mai partajează această listă cu dvs. (a fost eliminată sau accesul v-a fost retras). Rămâne aici ca listă personală, cu tot ce conținea.",
    office_still_has_list: "Această listă este acum personală pe acest computer, dar biroul o are încă: nu a putut fi scoasă din birou (biroul nu a putut fi contactat sau rolul dvs. nu permite acest lucru). Colegii dvs. lucrează în continuare pe copia biroului.",
  },
};
