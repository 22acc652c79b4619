/** English texts of the actor and crew lists, search and filters. */
export const actorsEn = {
  keepSearchOffline: 'Keep this search offline',
  title: 'Actors',
  loading: 'Loading actors …',
  empty: 'No actors are saved on this computer yet.',
  emptySyncing: 'No actors yet: the first sync is still reading the directory.',
  noMatch: 'No saved actor matches "{filter}".',
  noConnection: 'There is no active connection. Add one under Connections.',
  count: '{shown} of {total} actors',
  pictureAlt: 'Picture of {name}',
  unnamed: 'Actor {id}',
  filterLabel: 'Filter by name',
  showMore: 'Show more',
};
