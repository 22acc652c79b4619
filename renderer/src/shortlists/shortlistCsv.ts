/**
 * A shortlist as CSV for spreadsheet apps: one row per entry with what a casting director works
 * with (the actor's facts from the entry's snapshot, note, rating, status, colours, tags). The
 * caller passes every header and label (i18n and the labels store), so this module stays pure.
 */
import { genderNewKeys } from '../../../contract/directory-api.ts';
import type { ShortlistEntryRow, ShortlistRow } from '../db/shortlistDb.ts';
import { exportedFact, type PrivateExportOptions } from './privateAttributes.ts';
import type { ShortlistColour, ShortlistStatus } from './shortlistOptions.ts';

/** The columns, in the order they are written. */
export const shortlistCsvColumns = [
  'position',
  'actorId',
  'name',
  'actingAge',
  'age',
  'height',
  'gender',
  'agencies',
  'languages',
  'status',
  'rating',
  'colours',
  'tags',
  'note',
  'available',
  'addedAt',
  'shortlist',
  'castingCall',
  'role',
] as const;
export type ShortlistCsvColumn = (typeof shortlistCsvColumns)[number];

export interface CsvTexts {
  /** Header cell of every column. */
  headers: Record<ShortlistCsvColumn, string>;
  statuses: Record<ShortlistStatus, string>;
  colours: Record<ShortlistColour, string>;
  /** The "available" column's two values. */
  availableYes: string;
  availableNo: string;
  /** "German (native)": a language label with its level label. */
  languageWithLevel: (language: string, level: string) => string;
  /** Closed-list label (the labels store's `label`): genders, languages, language levels. */
  label: (catalogue: string, key: string) => string;
  /** Whether the directory still has the actor (false: "no longer available"). */
  available: (actorId: number, directoryOrigin: string) => boolean;
  /** Private facts (age, acting age, gender): left out unless chosen, marked when included. */
  privacy: PrivateExportOptions;
}

/**
 * The office's review of a shared list, for the two columns after the others ("Picked by",
 * "Comments"): a personal list has none and keeps the columns above exactly.
 */
export interface CsvReview {
  headers: { pickedBy: string; comments: string };
  /** Who picked and who commented on the entry (member ids), as the list's document holds it at export time. */
  annotationsOf: (entry: ShortlistEntryRow) => { picks: readonly string[]; comments: Readonly<Record<string, string>> };
  /** A member's name as the app shows it (one the office has not named: the app's "A member"). */
  nameOf: (memberId: string) => string;
  /** One comment with its author's name in the UI language ("Ben: text"). */
  comment: (name: string, text: string) => string;
  /** How the UI language sorts names (Intl.Collator): the cells list members in that order. */
  compare: (a: string, b: string) => number;
}

const bom = '\uFEFF';
const lineEnd = '\r\n';
const listSeparator = '; ';

/** The two delimiters spreadsheet apps read by default, depending on the user's number format. */
export type CsvDelimiter = ',' | ';';

/**
 * The delimiter a spreadsheet app of `locale` expects: `;` where the decimal separator is a comma
 * (German, French, Polish, …: Excel and LibreOffice there split on `;`), `,` elsewhere.
 */
export function csvDelimiterFor(locale: string): CsvDelimiter {
  try {
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    return decimal === ',' ? ';' : ',';
  } catch {
    return ',';
  }
}

/**
 * A cell a spreadsheet app would run as a formula (CSV/formula injection, OWASP): one starting with
 * a tab or CR, or whose first character after any white space (spaces, NBSP, U+3000, tabs, line
 * breaks: spreadsheet apps skip them) is =, +, -, @ or their full-width forms ＝＋－＠, which Asian
 * spreadsheet apps read as the same operators. A leading apostrophe makes the cell text.
 */
const formulaStart = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

function defuse(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with the delimiter, a quote, CR or LF is quoted, its quotes doubled. */
function quote(value: string, delimiter: CsvDelimiter): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function cell(value: string, delimiter: CsvDelimiter): string {
  return quote(defuse(value), delimiter);
}

function numberText(value: number | null): string {
  return value === null || !Number.isFinite(value) ? '' : String(value);
}

/** 25–35, 25–, –35, or 30 when both ends are the same. */
function actingAgeText(from: number | null, to: number | null): string {
  const low = numberText(from);
  const high = numberText(to);
  if (!low && !high) return '';
  if (low === high) return low;
  return `${low}–${high}`;
}

/** The date part of an ISO timestamp (2026-01-10T10:00:00Z → 2026-01-10); other text as it is. */
function isoDate(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T/.exec(value);
  return match ? match[1]! : value;
}

function genderText(gender: string | null, texts: CsvTexts): string {
  if (!gender) return '';
  return texts.label((genderNewKeys as readonly string[]).includes(gender) ? 'gender_new' : 'genders', gender);
}

function languagesText(languages: Record<string, string>, texts: CsvTexts): string {
  return Object.entries(languages)
    .map(([code, level]) =>
      level ? texts.languageWithLevel(texts.label('languages', code), texts.label('language_levels', level)) : texts.label('languages', code),
    )
    .join(listSeparator);
}

function entryCells(list: ShortlistRow, entry: ShortlistEntryRow, index: number, texts: CsvTexts): Record<ShortlistCsvColumn, string> {
  const snapshot = entry.snapshot;
  const fact = (field: 'age' | 'actingAge' | 'gender', value: string) => exportedFact(snapshot.privateFields, field, value, texts.privacy);
  return {
    position: String(index + 1),
    actorId: String(entry.actorId),
    name: snapshot.name,
    actingAge: fact('actingAge', actingAgeText(snapshot.actingAgeFrom, snapshot.actingAgeTo)),
    age: fact('age', numberText(snapshot.age)),
    height: numberText(snapshot.height),
    gender: fact('gender', genderText(snapshot.gender, texts)),
    agencies: snapshot.agencies.join(listSeparator),
    languages: languagesText(snapshot.languages, texts),
    status: texts.statuses[entry.status] ?? entry.status,
    rating: numberText(entry.rating),
    colours: entry.colours.map((colour) => texts.colours[colour] ?? colour).join(listSeparator),
    tags: entry.tags.join(listSeparator),
    note: entry.note,
    // An actor the member's library lacks (a colleague's, on a shared list) is not known to be gone: unknown reads as available, as in the app.
    available: snapshot.notInLibrary || texts.available(entry.actorId, entry.directoryOrigin) ? texts.availableYes : texts.availableNo,
    addedAt: isoDate(entry.addedAt),
    shortlist: list.name,
    castingCall: list.castingCallName ?? '',
    role: list.roleName ?? '',
  };
}

/**
 * Member ids in a stable order whatever order the document gave them: by name as the UI language
 * sorts, then by id (two members of one name).
 */
function byName(memberIds: readonly string[], review: CsvReview): { memberId: string; name: string }[] {
  return memberIds
    .map((memberId) => ({ memberId, name: review.nameOf(memberId) }))
    .sort((a, b) => review.compare(a.name, b.name) || (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
}

/**
 * The review's two cells of an entry: the pickers' names comma-separated, and one comment a line
 * (a line break inside the quoted cell, which spreadsheet apps show as lines of one cell).
 */
function reviewCells(entry: ShortlistEntryRow, review: CsvReview): [string, string] {
  const { picks, comments } = review.annotationsOf(entry);
  const pickedBy = byName(picks, review)
    .map(({ name }) => name)
    .join(', ');
  const commented = byName(Object.keys(comments), review)
    // CRLF inside a comment becomes LF like the lines between comments, so one cell has one kind of line break.
    .map(({ memberId, name }) => review.comment(name, comments[memberId]!.replace(/\r\n?/g, '\n')))
    .join('\n');
  return [pickedBy, commented];
}

function row(values: Record<ShortlistCsvColumn, string>, delimiter: CsvDelimiter, extra: readonly string[] = []): string {
  return [...shortlistCsvColumns.map((column) => values[column]), ...extra].map((value) => cell(value, delimiter)).join(delimiter);
}

/**
 * The CSV text of one shortlist: UTF-8 BOM (so spreadsheet apps read umlauts), a header row, one
 * row per entry in the order given (the list's order), CRLF line ends, cells split by `delimiter`
 * (csvDelimiterFor the UI language). A shared list's `review` adds "Picked by" and "Comments" last.
 */
export function shortlistCsv(list: ShortlistRow, entries: ShortlistEntryRow[], texts: CsvTexts, delimiter: CsvDelimiter = ',', review?: CsvReview): string {
  const lines = [
    row(texts.headers, delimiter, review ? [review.headers.pickedBy, review.headers.comments] : []),
    ...entries.map((entry, index) => row(entryCells(list, entry, index, texts), delimiter, review ? reviewCells(entry, review) : [])),
  ];
  return bom + lines.map((line) => line + lineEnd).join('');
}

/**
 * Reads CSV text back into rows of cells (RFC 4180: quoted fields may hold the delimiter, quotes
 * and line breaks; CRLF or LF line ends; a leading BOM is dropped). The tests read exports back with it.
 */
export function parseCsv(text: string, delimiter: CsvDelimiter = ','): string[][] {
  const source = text.startsWith(bom) ? text.slice(1) : text;
  const rows: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  /** Whether the current row has begun (a row of one empty quoted field still counts). */
  let inRow = false;
  let index = 0;
  const endRow = (): void => {
    fields.push(field);
    rows.push(fields);
    fields = [];
    field = '';
    inRow = false;
  };
  while (index < source.length) {
    const char = source[index]!;
    inRow = true;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else if (char === '\r' && source[index + 1] === '\n') {
      endRow();
      index += 1;
    } else if (char === '\n' || char === '\r') {
      endRow();
    } else {
      field += char;
    }
    index += 1;
  }
  if (inRow) endRow();
  return rows;
}
