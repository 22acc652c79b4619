/** Russian texts of a member's role on a shared list: what the role allows, picks and comments, and why a change went back. */
export const officeRolesRu = {
  viewerNotice: "Вы можете просматривать этот список. Изменяют его только редакторы офиса.",
  reviewerNotice: "Вы рецензируете этот список: отмечайте выбранных и комментируйте каждого актёра.",
  reviewLabel: "Выбор и комментарии: {name}",
  pickedBy: "Выбрали: {names}",
  pick: "Выбрать",
  picked: "Выбрано",
  pickLabel: "Выбрать: {name}",
  yourComment: "Ваш комментарий",
  commentLabel: "Ваш комментарий: {name}",
  unknownMember: "Участник",
  dismiss: "Закрыть",
  refusals: {
    office_read_only: "Офис разрешает вам только просматривать этот список, поэтому ваше изменение не сохранено: список снова показывает версию офиса.",
    office_reviewer_limited: "Как рецензент вы можете только отмечать выбранных и комментировать, поэтому ваше изменение не сохранено: список снова показывает версию офиса.",
    office_write_refused: "Офис отклонил ваше изменение (слишком большое или нечитаемое): список снова показывает версию офиса.",
  },
};
