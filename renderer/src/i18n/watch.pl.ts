/** Polish texts of saved searches that watch and of casting calls' news (what is new since the last look). */
export const watchPl = {
  newCount: '{count} nowy | {count} nowe | {count} nowych',
  newForSearch: 'Pokaż {count} nowy wynik dla „{name}” | Pokaż {count} nowe wyniki dla „{name}” | Pokaż {count} nowych wyników dla „{name}”',
  newListTitle: 'Nowe dla „{name}”',
  unnamed: 'Profil {id}',
  unnamedCall: 'Casting {id}',
  unnamedRole: 'Rola {id}',
  markSeen: 'Oznacz jako przejrzane',
  markSeenNamed: 'Oznacz {name} jako przejrzane',
  markAllSeen: 'Oznacz wszystko jako przejrzane',
  callsWithNews: '{count} z nowościami | {count} z nowościami | {count} z nowościami',
  callsWithNewsSummary: '{count} casting jest nowy, od niedawna aktualny lub ma nowe role. | {count} castingi są nowe, od niedawna aktualne lub mają nowe role. | {count} castingów jest nowych, od niedawna aktualnych lub ma nowe role.',
  callNew: 'Nowy',
  callNewlyCurrent: 'Od niedawna aktualny',
  callNewRoles: '{count} nowa rola | {count} nowe role | {count} nowych ról',
  roleNew: 'Nowa rola',
};
