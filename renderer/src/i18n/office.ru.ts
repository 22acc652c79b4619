/** Russian texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeRu = {
  region: 'Общий доступ в офисе',
  personal: 'Личный список: только на этом компьютере',
  synced: 'Общий с офисом · синхронизирован {time}',
  waiting: 'Общий с офисом · ожидает синхронизации с {time}',
  refused: 'Общий с офисом · офис отклонил этот список',
  share: 'Поделиться с офисом',
  stopSharing: 'Прекратить общий доступ',
  stopSharingHint: 'Каждый участник сохраняет личную копию.',
};
