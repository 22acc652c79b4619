/**
 * The JSON backup of every shortlist of a connection, and its import. A backup holds the rows as
 * they are (ids, positions, snapshots, timestamps), so backup → wipe → import gives back the same
 * lists. Importing is three steps, so nothing is ever overwritten silently: `readBackup` validates
 * every field (the first bad one is named by its JSON path), `planImport` compares with what is
 * there without writing, and `applyPlan` turns the plan and the user's explicit choice per
 * conflict into the writes the store makes in one transaction.
 */
import { z } from 'zod';
import { isoDatetime } from '../../../contract/directory-api.ts';
import { entryTagsHeld } from '../../../contract/officeList.ts';
import { directoryOriginOf } from '../db/directoryOrigin.ts';
import { privateSnapshotFields } from './privateAttributes.ts';
import type { ActorSnapshot, ShortlistEntryRow, ShortlistRow } from '../db/shortlistDb.ts';
import { shortlistLimits } from './shortlistLimits.ts';
import { shortlistColours, shortlistStatuses } from './shortlistOptions.ts';

export const backupFormat = 'castdesk-shortlists';
export const backupVersion = 1;
/** Larger files are refused before they are read (the caller checks the file's size against it too). */
export const maxBackupBytes = 100 * 1024 * 1024;
export const maxBackupShortlists = 10_000;
export const maxBackupEntries = 200_000;

/** Names the store does not type or cut (casting calls, roles, agencies, the connection). */
const maxLabelLength = 500;
const maxUrlLength = 2048;

const id = z.int().min(1).max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().max(max);
/** An absolute http(s) URL or a path on the directory ("/media/…"); never javascript:, data: or file:. */
const pictureUrl = z
  .string()
  .max(maxUrlLength)
  .refine((value) => {
    // A path: no spaces and no control characters (anything below U+0020).
    if (/^\/(?!\/)/.test(value)) return !/\s|[^\x20-\uffff]/.test(value);
    if (!/^https?:\/\//i.test(value)) return false;
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'expected an http(s) URL or a path starting with /');

/** A crop region's edges, as fractions of the picture. */
const fraction = z.number().min(0).max(1);
const pixels = z.int().min(1).max(100_000);

const snapshotSchema = z.strictObject({
  name: text(maxLabelLength),
  actingAgeFrom: z.int().min(0).max(200).nullable(),
  actingAgeTo: z.int().min(0).max(200).nullable(),
  age: z.int().min(0).max(200).nullable(),
  height: z.int().min(0).max(400).nullable(),
  gender: text(64).nullable(),
  agencies: z.array(text(maxLabelLength)).max(100),
  languages: z
    .record(text(16), text(64))
    .refine((languages) => Object.keys(languages).length <= 200, 'expected at most 200 languages'),
  thumbUrl: pictureUrl.nullable(),
  pictureUrl: pictureUrl.nullable(),
  updatedAt: isoDatetime.nullable(),
  /** Absent in backups written before snapshots kept them: "not known", as in the database. */
  privateFields: z
    .array(z.enum(privateSnapshotFields))
    .max(privateSnapshotFields.length)
    .refine((fields) => new Set(fields).size === fields.length, 'expected each field once')
    .optional(),
  pictureFraming: z
    .discriminatedUnion('mode', [
      z.strictObject({ mode: z.literal('crop'), region: z.strictObject({ x: fraction, y: fraction, width: fraction, height: fraction }) }),
      z.strictObject({ mode: z.literal('cover') }),
      z.strictObject({ mode: z.literal('contain') }),
    ])
    .optional(),
  pictureSize: z.tuple([pixels, pixels]).nullable().optional(),
  /** A shared list's actor the member's library lacked (the name only): absent otherwise. */
  notInLibrary: z.literal(true).optional(),
});

const shortlistSchema = z.strictObject({
  id,
  name: text(shortlistLimits.nameLength).refine((name) => name.trim().length > 0, 'expected a name'),
  castingCallId: id.nullable(),
  roleId: id.nullable(),
  castingCallName: text(maxLabelLength).nullable(),
  roleName: text(maxLabelLength).nullable(),
  createdAt: isoDatetime,
  updatedAt: isoDatetime,
});

const entrySchema = z.strictObject({
  id,
  shortlistId: id,
  /** The actor's directory; backups from before shortlists spanned connections name it only in `connection`. */
  directoryOrigin: text(maxUrlLength).optional(),
  actorId: id,
  position: z.number(),
  note: text(shortlistLimits.noteLength),
  rating: z.int().min(1).max(5).nullable(),
  colours: z
    .array(z.enum(shortlistColours))
    .max(shortlistColours.length)
    .refine((colours) => new Set(colours).size === colours.length, 'expected each colour once'),
  // What an entry can hold (a shared list's tags are every member's), not what one user may type.
  tags: z.array(text(entryTagsHeld.length)).max(entryTagsHeld.count),
  status: z.enum(shortlistStatuses),
  addedAt: isoDatetime,
  updatedAt: isoDatetime,
  snapshot: snapshotSchema,
});

const backupSchema = z.strictObject({
  format: z.literal(backupFormat),
  version: z.literal(backupVersion),
  exportedAt: isoDatetime,
  appVersion: text(64),
  connection: z.strictObject({ name: text(maxLabelLength), baseUrl: text(maxUrlLength) }),
  shortlists: z.array(shortlistSchema).max(maxBackupShortlists),
  entries: z.array(entrySchema).max(maxBackupEntries),
});

export type ShortlistBackup = z.infer<typeof backupSchema>;
export type BackupShortlist = ShortlistBackup['shortlists'][number];
export type BackupEntry = ShortlistBackup['entries'][number];

export interface BackupError {
  code: 'invalid_backup';
  /** English detail, with the JSON path of the first bad field: "$.entries[3].rating: Too big: …". */
  message: string;
  path?: string;
}

export type ReadBackupResult = { ok: true; backup: ShortlistBackup } | { ok: false; error: BackupError };

export interface BackupSource {
  connection: { name: string; baseUrl: string };
  shortlists: ShortlistRow[];
  entries: ShortlistEntryRow[];
  exportedAt: string;
  appVersion: string;
}

function requireId(row: { id?: number }, what: string): number {
  if (typeof row.id !== 'number') throw new TypeError(`createBackup: a ${what} without an id (only stored rows can be backed up)`);
  return row.id;
}

function snapshotFields(snapshot: ActorSnapshot): ActorSnapshot {
  return {
    name: snapshot.name,
    actingAgeFrom: snapshot.actingAgeFrom,
    actingAgeTo: snapshot.actingAgeTo,
    age: snapshot.age,
    height: snapshot.height,
    gender: snapshot.gender,
    agencies: [...snapshot.agencies],
    languages: { ...snapshot.languages },
    thumbUrl: snapshot.thumbUrl,
    pictureUrl: snapshot.pictureUrl,
    updatedAt: snapshot.updatedAt,
    // Kept, so a restored list still leaves private facts out of exports and frames pictures as before.
    ...(snapshot.privateFields ? { privateFields: [...snapshot.privateFields] } : {}),
    ...(snapshot.pictureFraming ? { pictureFraming: structuredClone(snapshot.pictureFraming) } : {}),
    ...(snapshot.pictureSize !== undefined ? { pictureSize: snapshot.pictureSize ? [snapshot.pictureSize[0], snapshot.pictureSize[1]] : null } : {}),
    // Kept, so a restored entry still says the library lacks the actor instead of linking to an empty page.
    ...(snapshot.notInLibrary ? { notInLibrary: true as const } : {}),
  };
}

/**
 * The backup file's text: pretty JSON with every list and entry as stored (only the known fields,
 * in a fixed order, so a backup reads the same however the rows were loaded).
 */
export function createBackup(data: BackupSource): string {
  const backup: ShortlistBackup = {
    format: backupFormat,
    version: backupVersion,
    exportedAt: data.exportedAt,
    appVersion: data.appVersion,
    connection: { name: data.connection.name, baseUrl: data.connection.baseUrl },
    shortlists: data.shortlists.map((list) => ({
      id: requireId(list, 'shortlist'),
      name: list.name,
      castingCallId: list.castingCallId,
      roleId: list.roleId,
      castingCallName: list.castingCallName,
      roleName: list.roleName,
      createdAt: list.createdAt,
      updatedAt: list.updatedAt,
    })),
    entries: data.entries.map((entry) => ({
      id: requireId(entry, 'shortlist entry'),
      shortlistId: entry.shortlistId,
      directoryOrigin: entry.directoryOrigin,
      actorId: entry.actorId,
      position: entry.position,
      note: entry.note,
      rating: entry.rating,
      colours: [...entry.colours],
      tags: [...entry.tags],
      status: entry.status,
      addedAt: entry.addedAt,
      updatedAt: entry.updatedAt,
      snapshot: snapshotFields(entry.snapshot),
    })),
  };
  return `${JSON.stringify(backup, null, 2)}\n`;
}

/** ['entries', 3, 'rating'] → $.entries[3].rating */
function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][\w$]*$/.test(name) ? `${out}.${name}` : `${out}[${JSON.stringify(name)}]`;
  }, '$');
}

function invalid(message: string, path?: string): { ok: false; error: BackupError } {
  return { ok: false, error: { code: 'invalid_backup', message: path ? `${path}: ${message}` : message, ...(path ? { path } : {}) } };
}

/** Ids unique, entries on lists of the file: what the schema of one row cannot see. */
function crossCheck(backup: ShortlistBackup): { ok: false; error: BackupError } | null {
  const listIds = new Set<number>();
  for (const [index, list] of backup.shortlists.entries()) {
    if (listIds.has(list.id)) return invalid(`duplicate shortlist id ${list.id}`, `$.shortlists[${index}].id`);
    listIds.add(list.id);
  }
  const entryIds = new Set<number>();
  for (const [index, entry] of backup.entries.entries()) {
    if (entryIds.has(entry.id)) return invalid(`duplicate entry id ${entry.id}`, `$.entries[${index}].id`);
    entryIds.add(entry.id);
    if (!listIds.has(entry.shortlistId)) return invalid(`no shortlist with id ${entry.shortlistId} in this file`, `$.entries[${index}].shortlistId`);
  }
  return null;
}

/**
 * Reads and validates a backup file's text. Anything not exactly a version 1 Castdesk backup
 * (wrong types, out-of-range values, unknown fields, dangling references, duplicate ids) is an
 * `invalid_backup` error naming the first bad field; nothing of a bad file is used.
 */
export function readBackup(text: string): ReadBackupResult {
  if (text.length > maxBackupBytes) return invalid(`the file is larger than ${maxBackupBytes / 1024 / 1024} MB`);
  let json: unknown;
  try {
    json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (failure) {
    return invalid(`not JSON (${failure instanceof Error ? failure.message : String(failure)})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return invalid('expected a JSON object', '$');
  const record = json as Record<string, unknown>;
  if (record.format !== backupFormat) return invalid(`not a Castdesk shortlist backup (expected format "${backupFormat}")`, '$.format');
  if (typeof record.version === 'number' && record.version > backupVersion) {
    return invalid(`made by a newer Castdesk (backup version ${record.version}; this version reads ${backupVersion})`, '$.version');
  }
  const parsed = backupSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
    const message = issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message;
    return invalid(message, jsonPath(path));
  }
  return crossCheck(parsed.data) ?? { ok: true, backup: parsed.data };
}

// ---------------------------------------------------------------------------------------------
// Planning an import

/** A list of the backup as it would be written: no ids; entries in list order, without their list's id. */
export interface ImportList {
  /** The list's id in the backup file (the key of its conflict choice). */
  backupId: number;
  shortlist: Omit<ShortlistRow, 'id'>;
  /** At most one per actor (directory and actor id), as the app's own add path keeps them. */
  entries: Omit<ShortlistEntryRow, 'id' | 'shortlistId'>[];
  /** Entries of the backup's list left out because their actor was on it already. */
  duplicates: number;
}

export interface ImportActor {
  actorId: number;
  name: string;
}

/** How a backup list differs from the stored list of the same name. */
export interface ImportDifferences {
  /** On the backup's list only. */
  added: ImportActor[];
  /** On the stored list only. */
  removed: ImportActor[];
  /** On both, with a different note, rating, status, set of tags or set of colours. */
  changed: ImportActor[];
  /** The actors on both are in a different order. */
  reordered: boolean;
  /** Tied to a different casting call or role. */
  castingCall: boolean;
}

export interface ImportConflict extends ImportList {
  existingId: number;
  existingName: string;
  differences: ImportDifferences;
}

export interface ImportPlan {
  /** No stored list has the name: created as they are. */
  newLists: ImportList[];
  /** A stored list with the name has the same content: nothing to do. */
  identical: { backupId: number; name: string; existingId: number }[];
  /** A stored list with the name differs: written only as the user chooses. */
  conflicts: ImportConflict[];
  /** Every stored list's name, so copies get names of their own. */
  existingNames: string[];
}

export type ConflictChoice = 'skip' | 'importAsCopy' | 'replace';
/** The user's choice per conflict, by the conflict's `backupId`; a conflict without one is skipped. */
export type ConflictChoices = Readonly<Partial<Record<number, ConflictChoice>>>;

export interface ImportWrites {
  create: { shortlist: Omit<ShortlistRow, 'id'>; entries: Omit<ShortlistEntryRow, 'id' | 'shortlistId'>[] }[];
  replace: { existingId: number; shortlist: Omit<ShortlistRow, 'id'>; entries: Omit<ShortlistEntryRow, 'id' | 'shortlistId'>[] }[];
  /** Repeated actors left out of the lists written (see ImportList.duplicates). */
  duplicates: number;
}

/** Lists are the same list when their names are, ignoring case and surrounding space. */
export function listNameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function byPosition<T extends { position: number }>(entries: T[]): T[] {
  return entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.position - b.entry.position || a.index - b.index).map(({ entry }) => entry);
}

/**
 * Each actor once per list, as the app's add path keeps it (a list's CSV, package and picks would
 * repeat an actor otherwise): of the entries with the same directory and actor id, the first in
 * list order stays.
 */
function oncePerActor<T extends { directoryOrigin: string; actorId: number }>(entries: T[]): { kept: T[]; duplicates: number } {
  const seen = new Set<string>();
  const kept = entries.filter((entry) => {
    const key = `${entry.actorId} ${entry.directoryOrigin}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { kept, duplicates: entries.length - kept.length };
}

function importList(list: BackupShortlist, entries: BackupEntry[], backupOrigin: string): ImportList {
  const { kept, duplicates } = oncePerActor(
    byPosition(entries).map((entry) => ({
      directoryOrigin: entry.directoryOrigin ?? backupOrigin,
      actorId: entry.actorId,
      position: entry.position,
      note: entry.note,
      rating: entry.rating,
      colours: [...entry.colours],
      tags: [...entry.tags],
      status: entry.status,
      addedAt: entry.addedAt,
      updatedAt: entry.updatedAt,
      snapshot: snapshotFields(entry.snapshot),
    })),
  );
  return {
    backupId: list.id,
    shortlist: {
      name: list.name,
      castingCallId: list.castingCallId,
      roleId: list.roleId,
      castingCallName: list.castingCallName,
      roleName: list.roleName,
      createdAt: list.createdAt,
      updatedAt: list.updatedAt,
    },
    entries: kept,
    duplicates,
  };
}

type ComparableEntry = Pick<ShortlistEntryRow, 'actorId' | 'note' | 'rating' | 'status' | 'tags' | 'colours' | 'snapshot'>;

/** Tags and colours are sets: the same ones in another order are no difference. */
function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = [...a].sort();
  const right = [...b].sort();
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

function sameWork(a: ComparableEntry, b: ComparableEntry): boolean {
  return a.note === b.note && a.rating === b.rating && a.status === b.status && sameSet(a.tags, b.tags) && sameSet(a.colours, b.colours);
}

/** Differences between a backup list and a stored one (its entries in list order). */
function differences(incoming: ImportList, stored: ShortlistRow, storedEntries: ShortlistEntryRow[]): ImportDifferences {
  const storedByActor = new Map(storedEntries.map((entry) => [entry.actorId, entry]));
  const incomingByActor = new Map(incoming.entries.map((entry) => [entry.actorId, entry]));
  const actor = (entry: ComparableEntry): ImportActor => ({ actorId: entry.actorId, name: entry.snapshot.name });
  const added = incoming.entries.filter((entry) => !storedByActor.has(entry.actorId)).map(actor);
  const removed = storedEntries.filter((entry) => !incomingByActor.has(entry.actorId)).map(actor);
  const changed = incoming.entries.filter((entry) => {
    const other = storedByActor.get(entry.actorId);
    return other !== undefined && !sameWork(entry, other);
  });
  const commonIncoming = incoming.entries.filter((entry) => storedByActor.has(entry.actorId)).map((entry) => entry.actorId);
  const commonStored = storedEntries.filter((entry) => incomingByActor.has(entry.actorId)).map((entry) => entry.actorId);
  return {
    added,
    removed,
    changed: changed.map(actor),
    reordered: !commonIncoming.every((actorId, index) => actorId === commonStored[index]),
    castingCall: incoming.shortlist.castingCallId !== stored.castingCallId || incoming.shortlist.roleId !== stored.roleId,
  };
}

function isEmpty(diff: ImportDifferences): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0 && !diff.reordered && !diff.castingCall;
}

/**
 * What importing `backup` would do, written nowhere: each backup list is new (no stored list has
 * its name, compared ignoring case and surrounding space), identical to a stored list of that name
 * (same entries in the same order with the same note, rating, status, tags and colours, and the
 * same casting call and role), or a conflict with the differences listed.
 */
export function planImport(backup: ShortlistBackup, existing: { shortlists: ShortlistRow[]; entries: ShortlistEntryRow[] }): ImportPlan {
  const backupEntries = groupBy(backup.entries, (entry) => entry.shortlistId);
  const storedEntries = groupBy(existing.entries, (entry) => entry.shortlistId);
  const storedLists = existing.shortlists.filter((list): list is ShortlistRow & { id: number } => typeof list.id === 'number');
  const storedByName = groupBy(storedLists, (list) => listNameKey(list.name));

  const plan: ImportPlan = { newLists: [], identical: [], conflicts: [], existingNames: existing.shortlists.map((list) => list.name) };
  for (const list of backup.shortlists) {
    const incoming = importList(list, backupEntries.get(list.id) ?? [], directoryOriginOf(backup.connection.baseUrl));
    const candidates = storedByName.get(listNameKey(list.name)) ?? [];
    if (candidates.length === 0) {
      plan.newLists.push(incoming);
      continue;
    }
    const compared = candidates.map((stored) => ({ stored, diff: differences(incoming, stored, byPosition(storedEntries.get(stored.id) ?? [])) }));
    const same = compared.find(({ diff }) => isEmpty(diff));
    if (same) {
      plan.identical.push({ backupId: list.id, name: list.name, existingId: same.stored.id });
      continue;
    }
    const { stored, diff } = compared[0]!;
    plan.conflicts.push({ ...incoming, existingId: stored.id, existingName: stored.name, differences: diff });
  }
  return plan;
}

export interface ApplyOptions {
  /** The date in copies' names, YYYY-MM-DD; today (local time) when not given. */
  importedOn?: string;
  /** A copy's name; `attempt` counts up from 1 until the name is not taken. Default: "Name (imported 2026-01-10)", then "…, 2)". */
  copyName?: (name: string, importedOn: string, attempt: number) => string;
}

function localDate(date: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function defaultCopyName(name: string, importedOn: string, attempt: number): string {
  return attempt === 1 ? `${name} (imported ${importedOn})` : `${name} (imported ${importedOn}, ${attempt})`;
}

/**
 * The writes for `plan` and the user's `choices`: new lists are created, conflicts are skipped
 * unless chosen otherwise ('importAsCopy' creates the list under a name of its own, 'replace' puts
 * the backup's list in place of the stored one), identical lists are left alone. Entries carry no
 * list id: the store gives each the id its list gets. A second 'replace' of the same stored list
 * (two backup lists of one name) becomes a copy, so neither is lost.
 */
export function applyPlan(plan: ImportPlan, choices: ConflictChoices, options: ApplyOptions = {}): ImportWrites {
  const importedOn = options.importedOn ?? localDate(new Date());
  const copyName = options.copyName ?? defaultCopyName;
  const taken = new Set(plan.existingNames.map(listNameKey));
  for (const list of plan.newLists) taken.add(listNameKey(list.shortlist.name));
  /**
   * The next attempt per base name: a second copy of a name starts where the first stopped, so
   * 10,000 copies of one name try about 10,000 names, not 50 million (each from attempt 1).
   */
  const nextAttempt = new Map<string, number>();
  const uniqueCopyName = (name: string): string => {
    const base = name.trim();
    const baseKey = listNameKey(base);
    for (let attempt = nextAttempt.get(baseKey) ?? 1; ; attempt++) {
      // A copyName that ignores `attempt` must not loop forever: past 1000 the default numbering takes over.
      const candidate = (attempt <= 1000 ? copyName : defaultCopyName)(base, importedOn, attempt);
      if (!taken.has(listNameKey(candidate))) {
        taken.add(listNameKey(candidate));
        nextAttempt.set(baseKey, attempt + 1);
        return candidate;
      }
    }
  };

  const writes: ImportWrites = {
    create: plan.newLists.map(({ shortlist, entries }) => ({ shortlist, entries })),
    replace: [],
    duplicates: plan.newLists.reduce((sum, list) => sum + list.duplicates, 0),
  };
  const replaced = new Set<number>();
  for (const conflict of plan.conflicts) {
    const choice = choices[conflict.backupId] ?? 'skip';
    if (choice === 'replace' && !replaced.has(conflict.existingId)) {
      replaced.add(conflict.existingId);
      writes.replace.push({ existingId: conflict.existingId, shortlist: conflict.shortlist, entries: conflict.entries });
      writes.duplicates += conflict.duplicates;
    } else if (choice === 'replace' || choice === 'importAsCopy') {
      writes.create.push({ shortlist: { ...conflict.shortlist, name: uniqueCopyName(conflict.shortlist.name) }, entries: conflict.entries });
      writes.duplicates += conflict.duplicates;
    }
  }
  return writes;
}
