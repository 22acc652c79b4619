/**
 * `castdesk://` links into the app: the one rule of which routes a link may open. The main process
 * reads the links the OS hands it with it, the web shell the paths typed into its address, the
 * renderer builds "Copy link" with it and checks a route again before it navigates. A link opens a
 * profile (actor, crew), a casting call, a shortlist, or an actor or crew search (a saved search is
 * its search: the link carries the query, so it opens on a colleague's machine too). Anything else
 * is refused, whole: no partial route, no path the renderer's router would read differently.
 * Plain TypeScript, no zod: the renderer and the sandboxed side import it too.
 */

export const appLinkScheme = 'castdesk';

/** The router's detail routes a link may open, by their first path segment (renderer/src/router.ts). */
export const appLinkDetailRoutes = ['actors', 'crew', 'casting-calls', 'shortlists'] as const;
/** The list routes whose search a link may carry (saved searches). */
export const appLinkSearchRoutes = ['actors', 'crew'] as const;
/**
 * The query parameters of a search (renderer/src/search/profileQueryUrl.ts writes them; a renderer
 * test checks that every one it writes is here).
 */
export const appLinkSearchParams = [
  'q',
  'sort',
  'desc',
  'age',
  'height',
  'view',
  'gender',
  'lang',
  'dialect',
  'accent',
  'main',
  'spec',
  'prof',
  'agency',
  'res',
  'acc',
  'nat',
  'skill',
  'reel',
  'conn',
] as const;

/** Longest link read at all: a search of 50 values × 200 characters per facet fits, a flood does not. */
export const maxAppLinkLength = 16_384;
const maxParamValues = 50;
const maxParamValueLength = 200;
/** Profile, casting call and shortlist ids are positive 32-bit integers (contract/bridge.ts). */
const maxId = 2_147_483_647;

export type AppLinkResult = { ok: true; route: string } | { ok: false; reason: string };

/** C0 controls and DEL: no search text has them, and they can hide a line in a log or a title. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function refused(reason: string): AppLinkResult {
  return { ok: false, reason };
}

/**
 * The route a path and query open, e.g. `actors/123` → `/actors/123`, `crew` + `q=Anna` →
 * `/crew?q=Anna`. The path is taken as written: no percent-decoding, no `.` or `..`, no empty
 * segment, no backslash, so it can only mean what the pattern says.
 */
export function routeFromPathAndQuery(path: string, query: string | null): AppLinkResult {
  const trimmed = path.replace(/^\//, '').replace(/\/$/, '');
  const segments = trimmed.split('/');
  const [first = '', second, ...rest] = segments;
  if (rest.length > 0) return refused('the path has too many segments');
  if (second !== undefined) {
    if (!(appLinkDetailRoutes as readonly string[]).includes(first)) return refused(`no detail route "${first.slice(0, 40)}"`);
    if (!/^[1-9]\d{0,9}$/.test(second) || Number(second) > maxId) return refused('the id is not a positive whole number');
    if (query !== null) return refused('a detail link carries no query');
    return { ok: true, route: `/${first}/${second}` };
  }
  if (!(appLinkSearchRoutes as readonly string[]).includes(first)) return refused(`no route "${first.slice(0, 40)}"`);
  if (query === null || query === '') return { ok: true, route: `/${first}` };
  const search = searchQuery(query);
  if (typeof search !== 'string') return search;
  return { ok: true, route: search === '' ? `/${first}` : `/${first}?${search}` };
}

/** The query re-encoded from its known parameters, or why it was refused. */
function searchQuery(query: string): string | AppLinkResult {
  let params: URLSearchParams;
  try {
    // Each name and value must decode to valid UTF-8; URLSearchParams would replace a bad sequence silently.
    for (const part of query.split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
    params = new URLSearchParams(query);
  } catch {
    return refused('the query is not valid percent-encoding');
  }
  const counts = new Map<string, number>();
  const canonical = new URLSearchParams();
  for (const [name, value] of params) {
    if (!(appLinkSearchParams as readonly string[]).includes(name)) return refused(`unknown query parameter "${name.slice(0, 40)}"`);
    if (value === '' || value.length > maxParamValueLength || hasControlCharacter(value)) return refused(`the value of "${name}" is empty, too long or has control characters`);
    const count = (counts.get(name) ?? 0) + 1;
    if (count > maxParamValues) return refused(`"${name}" has more than ${maxParamValues} values`);
    counts.set(name, count);
    canonical.append(name, value);
  }
  return canonical.toString();
}

/**
 * The router path a `castdesk://` link opens, or why it does not: another scheme, an unknown or
 * malformed route, a fragment, credentials, a port, encoded or relative path tricks.
 */
export function routeFromAppLink(link: string): AppLinkResult {
  if (typeof link !== 'string') return refused('not a text');
  if (link.length > maxAppLinkLength) return refused('the link is too long');
  const prefix = `${appLinkScheme}://`;
  if (link.slice(0, prefix.length).toLowerCase() !== prefix) return refused('not a castdesk:// link');
  const rest = link.slice(prefix.length);
  // Only printable ASCII without space, backslash, fragment, or percent in the path: a link the app
  // made never has them, and each is a way to make one text mean two routes.
  if (!/^[\x21-\x7e]*$/.test(rest) || rest.includes('\\') || rest.includes('#')) return refused('the link has characters no Castdesk link has');
  const queryAt = rest.indexOf('?');
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const query = queryAt === -1 ? null : rest.slice(queryAt + 1);
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)?\/?$/.test(path)) return refused('the path is not a Castdesk route');
  return routeFromPathAndQuery(path, query);
}

/**
 * A router path (with its query, as the router writes it) in the form the link rule writes, e.g.
 * `/crew?q=Anna%20Maria` → `/crew?q=Anna+Maria`; null when no link opens it.
 */
export function linkableRoute(route: string): string | null {
  if (typeof route !== 'string' || !route.startsWith('/')) return null;
  const read = routeFromAppLink(`${appLinkScheme}://${route.slice(1)}`);
  return read.ok ? read.route : null;
}

/**
 * The `castdesk://` link of a router path (with its query), for "Copy link"; null when the route
 * is not one a link may open (then there is nothing to copy).
 */
export function appLinkFromRoute(route: string): string | null {
  const linkable = linkableRoute(route);
  return linkable === null ? null : `${appLinkScheme}://${linkable.slice(1)}`;
}

/** Whether `route` is exactly a route a link may open, as routeFromAppLink writes it. */
export function isAppLinkRoute(route: string): boolean {
  return linkableRoute(route) === route;
}

/**
 * The link among a process's command-line arguments (Windows and Linux pass the clicked link as
 * one argument, next to Chromium's switches), or null.
 */
export function appLinkInArgv(argv: readonly string[]): string | null {
  const prefix = `${appLinkScheme}:`;
  return argv.find((arg) => typeof arg === 'string' && arg.slice(0, prefix.length).toLowerCase() === prefix) ?? null;
}
