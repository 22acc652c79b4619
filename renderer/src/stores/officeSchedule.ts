/**
 * How often the app asks its offices of its own accord, in one place: App.vue runs the sweeps for
 * the whole app, the owner's members panel (components/offices/useMembersKeptFresh.ts) its reads
 * while it is open.
 */

/** Every shared list synced and let go (stores/officeLists.ts sweep): at start and then every ten minutes. */
export const officeSweepEveryMs = 10 * 60 * 1000;
/** Lists new to this member and roles changed (lookForNewLists): one request per office a minute. */
export const officeNewListsEveryMs = 60 * 1000;
/**
 * The office's members while its owner's panel is open: a colleague who joined with a code the
 * owner just gave shows within half a minute (at once when the owner comes back to the window).
 */
export const officeMembersEveryMs = 30 * 1000;
/** Reads of the members in the background that fail in a row before the failure is shown: a passing one keeps what is shown and says nothing. */
export const officeMembersFailuresShown = 3;
