/** Ukrainian texts of a member's role on a shared list: what the role allows, picks and comments, and why a change went back. */
export const officeRolesUk = {
  viewerNotice: "Ви можете переглядати цей список. Змінюють його лише редактори офісу.",
  reviewerNotice: "Ви рецензуєте цей список: позначайте обраних і коментуйте кожного актора.",
  reviewLabel: "Вибір і коментарі: {name}",
  pickedBy: "Обрали: {names}",
  pick: "Обрати",
  picked: "Обрано",
  pickLabel: "Обрати: {name}",
  yourComment: "Ваш коментар",
  commentLabel: "Ваш коментар: {name}",
  unknownMember: "Учасник",
  dismiss: "Закрити",
  refusals: {
    office_read_only: "Офіс дозволяє вам лише переглядати цей список, тому вашу зміну не збережено: список знову показує версію офісу.",
    office_reviewer_limited: "Як рецензент ви можете лише позначати обраних і коментувати, тому вашу зміну не збережено: список знову показує версію офісу.",
    office_write_refused: "Офіс відхилив вашу зміну (завелика або нечитабельна): список знову показує версію офісу.",
  },
  kept: {
    office_access_removed: "Офіс більше не ділиться з вами цим списком (його вилучено або ваш доступ відкликано). Його збережено тут як ваш особистий список з усім, що в ньому було.",
  },
};
