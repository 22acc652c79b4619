/** Ukrainian texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeUk = {
  region: 'Спільний доступ в офісі',
  personal: 'Особистий список: лише на цьому комп’ютері',
  synced: 'Спільний з офісом · синхронізовано {time}',
  waiting: 'Спільний з офісом · очікує синхронізації з {time}',
  refused: 'Спільний з офісом · офіс відхилив цей список',
  share: 'Поділитися з офісом',
  stopSharing: 'Припинити спільний доступ',
  stopSharingHint: 'Кожен учасник зберігає особисту копію.',
};
