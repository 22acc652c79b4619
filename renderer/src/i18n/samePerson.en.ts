/** English texts of one person across directories: linked profiles and suggestions on a profile. */
export const samePersonEn = {
  title: 'The same person in other directories',
  linkedTitle: 'Linked as the same person',
  suggestedTitle: 'Possibly the same person',
  reasonFilmdb: 'same film-database id',
  reasonNameAndBirthYear: 'same name and year of birth ({year})',
  inDirectory: 'in {directory}',
  link: 'Same person',
  linkLabel: 'Link {name} in {directory} as the same person',
  dismiss: 'Not the same',
  dismissLabel: '{name} in {directory} is someone else',
  unlink: 'Unlink',
  unlinkLabel: 'Unlink {name} in {directory}: someone else',
  notSaved: 'Profile {id} (not saved on this computer)',
  memoryFrom: 'through the linked profile in {directory}',
};
