/** English texts of saved searches that watch and of casting calls' news (what is new since the last look). */
export const watchEn = {
  newCount: '{count} new | {count} new',
  newForSearch: 'Show the {count} new match of “{name}” | Show the {count} new matches of “{name}”',
  newListTitle: 'New for “{name}”',
  unnamed: 'Profile {id}',
  unnamedCall: 'Casting call {id}',
  unnamedRole: 'Role {id}',
  markSeen: 'Mark as seen',
  markSeenNamed: 'Mark {name} as seen',
  markAllSeen: 'Mark all as seen',
  callsWithNews: '{count} with news | {count} with news',
  callsWithNewsSummary: '{count} casting call is new, newly current or has new roles. | {count} casting calls are new, newly current or have new roles.',
  callNew: 'New',
  callNewlyCurrent: 'Newly current',
  callNewRoles: '{count} new role | {count} new roles',
  roleNew: 'New role',
};
