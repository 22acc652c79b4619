/**
 * The short text a director sends back from a presentation package: a header line naming the
 * package and one line per favourite, "3 #1042 Jonas Weber" (place on the list, actor id, name).
 * It travels through mail programs and chat, so reading it forgives what they do to text (blank
 * lines, CRLF, "> " quoting, quotation marks around it, extra spaces) and refuses, with a reason,
 * a text for another package or with a line that is not a pick: those mean the wrong text was
 * pasted. Picked actors the list no longer holds (a colleague removed them after the package was
 * sent) are set apart, so the others still apply.
 */

const headerPrefix = 'Castdesk picks v1';

/** The header line of the picks text of `packageId`. */
export function picksHeader(packageId: string): string {
  return `${headerPrefix} ${packageId}`;
}

export interface Pick {
  position: number;
  actorId: number;
  name: string;
}

/** The picks text, as the package's script writes it. */
export function picksText(packageId: string, picks: readonly Pick[]): string {
  return [picksHeader(packageId), ...picks.map((pick) => `${pick.position} #${pick.actorId} ${pick.name.replace(/\s+/g, ' ').trim()}`)].join('\n');
}

async function digestOf(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest.subarray(0, 4)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Where a list shared with an office lives there: the same on every member's computer. */
export interface SharedListPlace {
  officeId: string;
  listId: string;
}

/**
 * The package id of a shortlist: its id and a digest of when it was made, so picks for another
 * list (or for a list of the same id in another installation or after an import) are refused.
 * A list shared with an office has the office's list as its id (`shared`): each member's copy has
 * its own id and time here, and a director's picks for a package one member sent must apply on
 * the computer of whichever colleague pastes them.
 */
export async function presentationPackageId(list: { id: number; createdAt: string }, shared: SharedListPlace | null = null): Promise<string> {
  if (shared) return `office-${await digestOf(`castdesk-office-list:${shared.officeId}/${shared.listId}`)}`;
  return `${list.id}-${await digestOf(`castdesk-shortlist:${list.id}:${list.createdAt}`)}`;
}

export type PicksRefusal =
  | { reason: 'no_header' }
  | { reason: 'other_package'; packageId: string }
  | { reason: 'unreadable_line'; line: number; text: string }
  | { reason: 'unknown_actors'; picks: Pick[] }
  | { reason: 'no_picks' };

/** `notOnList`: picks of actors the list does not hold (any more); `picks` are the list's own. */
export type PicksReading = { ok: true; picks: Pick[]; notOnList: Pick[] } | { ok: false; refusal: PicksRefusal };

/** Quotation marks a mail program or a chat may wrap around a line or the whole text. */
const quoteMarks = /^["'“”„«»‚‘’]+|["'“”„«»‚‘’]+$/g;

function cleanLine(line: string): string {
  return line
    .replace(/^\s*(>\s*)+/, '')
    .trim()
    .replace(quoteMarks, '')
    .trim();
}

const headerLine = /^Castdesk\s+picks\s+v1\s+(\S+)$/i;
const pickLine = /^(\d{1,6})\s+#(\d{1,12})(?:\s+(.*))?$/;

/** Where the header line is among the text's cleaned lines (-1: none). */
function linesOf(text: string): { lines: string[]; headerAt: number } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).map(cleanLine);
  return { lines, headerAt: lines.findIndex((line) => /^Castdesk\s+picks\s/i.test(line)) };
}

/**
 * Reads a picks text for one of the packages `packageIds` (a list has two once shared: the one it
 * was sent as before, and its office's) whose list holds `knownActorIds`. Everything
 * before the header line is ignored (a greeting); every non-blank line after it must be a pick.
 * The same actor twice counts once. Picks of actors the list does not hold come back apart
 * (`notOnList`); a text with none the list holds is refused.
 */
export function readPicks(text: string, packageIds: readonly string[], knownActorIds: ReadonlySet<number>): PicksReading {
  const { lines, headerAt } = linesOf(text);
  if (headerAt < 0) return { ok: false, refusal: { reason: 'no_header' } };
  const header = headerLine.exec(lines[headerAt]!);
  if (!header) return { ok: false, refusal: { reason: 'unreadable_line', line: headerAt + 1, text: lines[headerAt]! } };
  if (!packageIds.includes(header[1]!)) return { ok: false, refusal: { reason: 'other_package', packageId: header[1]! } };
  const picks = new Map<number, Pick>();
  for (let i = headerAt + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const pick = pickLine.exec(line);
    if (!pick) return { ok: false, refusal: { reason: 'unreadable_line', line: i + 1, text: line } };
    const actorId = Number(pick[2]);
    if (!picks.has(actorId)) picks.set(actorId, { position: Number(pick[1]), actorId, name: (pick[3] ?? '').trim() });
  }
  if (picks.size === 0) return { ok: false, refusal: { reason: 'no_picks' } };
  const all = [...picks.values()];
  const onList = all.filter((pick) => knownActorIds.has(pick.actorId));
  const notOnList = all.filter((pick) => !knownActorIds.has(pick.actorId));
  if (onList.length === 0) return { ok: false, refusal: { reason: 'unknown_actors', picks: notOnList } };
  return { ok: true, picks: onList, notOnList };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A literal part of an intro template, matching wherever a mail program wrapped or re-spaced it. */
function literalPattern(text: string): string {
  return text
    .split(/\s+/)
    .map(escapeRegExp)
    .join('\\s+');
}

/**
 * The list's name as the text's first line in words says it (the package's intro, in the language
 * of whoever made the package: one of `introTemplates`, each with `{title}` and `{date}`), or null
 * when no line before the header is such an intro. Each template is matched whole, its own quotation
 * marks around the title included, so a title is taken only from an intro Castdesk wrote; the date
 * holds no parentheses, so a title with "” (" in it is still read whole.
 */
export function introTitle(text: string, introTemplates: readonly string[]): string | null {
  const { headerAt } = linesOf(text);
  if (headerAt <= 0) return null;
  // Before the header: only a mail program's "> " quoting is taken off (the intro may begin with a quotation mark).
  const before = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .slice(0, headerAt)
    .map((line) => line.replace(/^\s*(>\s*)+/, ''))
    .join(' ');
  for (const template of introTemplates) {
    const parts = template.split(/(\{title\}|\{date\})/);
    if (!parts.includes('{title}')) continue;
    const pattern = parts.map((part) => (part === '{title}' ? '(.+?)' : part === '{date}' ? '[^()]+?' : literalPattern(part))).join('');
    const title = new RegExp(pattern, 'u').exec(before)?.[1]?.replace(/\s+/g, ' ').trim();
    if (title) return title;
  }
  return null;
}
