/** How often the app asks its offices of its own accord, in one place (App.vue runs the sweeps). */

/** Every shared list synced and let go (stores/officeLists.ts sweep): at start and then every ten minutes. */
export const officeSweepEveryMs = 10 * 60 * 1000;
/** Lists new to this member and roles changed (lookForNewLists): one request per office a minute. */
export const officeNewListsEveryMs = 60 * 1000;
