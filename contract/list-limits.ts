/**
 * Limits of the list endpoints' parameters, in one place for the directory service that enforces
 * them and the app that must stay within them. The spec gives per_page a default of 250 and no
 * maximum ("not shown"): 1000 is the service's, and the app never asks for more.
 */
export const defaultPerPage = 250;
export const maxPerPage = 1000;
/** The longest `q` name filter the service accepts; the bridge refuses a longer one before it leaves. */
export const maxNameQueryLength = 200;
