/** English texts of a member's role on a shared list: what the role allows, picks and comments, and why a change went back. */
export const officeRolesEn = {
  viewerNotice: "You can view this list. Only the office's editors change it.",
  reviewerNotice: "You are reviewing this list: mark your picks and comment on each actor.",
  reviewLabel: "Picks and comments on {name}",
  pickedBy: "Picked by {names}",
  pick: "Pick",
  picked: "Picked",
  pickLabel: "Pick {name}",
  yourComment: "Your comment",
  commentLabel: "Your comment on {name}",
  unknownMember: "A member",
  you: "You",
  dismiss: "Dismiss",
  refusals: {
    office_read_only: "The office lets you only view this list, so your change was not kept: the list shows the office's version again.",
    office_reviewer_limited: "As a reviewer you can only mark picks and comment, so your change was not kept: the list shows the office's version again.",
    office_write_refused: "The office refused your change (too large or unreadable): the list shows the office's version again.",
  },
  kept: {
    office_access_removed: "The office no longer shares this list with you (it was removed, or your access was taken away). It is kept here as your personal list, with everything it held.",
    office_still_has_list: "This list is personal on this computer now, but the office still has it: it could not be taken out of the office (the office could not be reached, or your role there does not allow it). Your colleagues keep working on the office's copy.",
  },
};
