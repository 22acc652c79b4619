/**
 * Shortlists leaving the app and coming back: a CSV per list (for spreadsheets), a PDF contact
 * sheet per list (pictures from the offline cache, so it works offline; the actors it shows by
 * name only, because this computer's library lacks them, are said when it is made), and a JSON
 * backup of every list that imports back. An import is planned first and shown; it writes only
 * what the user chose for each conflict, in one transaction, and never overwrites silently.
 */
import { defineStore } from 'pinia';
import { inject, ref, shallowRef } from 'vue';
import { mediaUrl } from '../bridge/castdeskBridge.ts';
import type { ShortlistEntryRow, ShortlistRow } from '../db/shortlistDb.ts';
import { shortlistColours, shortlistStatuses } from '../shortlists/shortlistOptions.ts';
import { fitPicture } from '../shortlists/fitPicture.ts';
import type { MessageKey } from '../i18n/en.ts';
import { castdeskComposerKey } from '../i18n/index.ts';
import { shownMemberName } from '../i18n/memberName.ts';
import { applyPlan, createBackup, maxBackupBytes, planImport, readBackup, type ConflictChoices, type ImportPlan } from '../shortlists/shortlistBackup.ts';
import { csvDelimiterFor, shortlistCsv, shortlistCsvColumns, type CsvReview, type CsvTexts } from '../shortlists/shortlistCsv.ts';
import type { ContactSheetPaper } from '../shortlists/shortlistPdf.ts';
import { useConnectionStore } from './connections.ts';
import { useLabelsStore } from './labels.ts';
import { officeEntryKey } from '../db/listDocShape.ts';
import { useOfficeListsStore } from './officeLists.ts';
import { useNameOnlyExportStore } from './nameOnlyExport.ts';
import { exportedFact, type PrivateExportOptions } from '../shortlists/privateAttributes.ts';
import { saveIncludeNotes, saveIncludePrivate, savePaper, savedIncludeNotes, savedIncludePrivate, savedPaper } from './privateExportChoice.ts';
import { RendererError, isRendererErrorCode, toLibraryError, type LibraryError } from './libraryErrors.ts';
import { useShortlistsStore } from './shortlists.ts';
import { useSyncStore } from './sync.ts';

export type ExportKind = 'csv' | 'pdf' | 'backup' | 'import';
/** Where an export's confirmation or failure belongs: a list's export bar, or the backup panel. */
export type ExportPlace = number | 'backup';

export interface ImportResult {
  created: number;
  replaced: number;
  skipped: number;
  identical: number;
  /** Repeated actors left out of the lists written: an actor is on a list once. */
  duplicates: number;
}

/**
 * A file name from a list name as the user typed it ("Müller – Tatort 2027"): umlauts, accents and
 * spaces kept; only what no file system takes (path separators, : * ? " < > |, control
 * characters) becomes '-', and leading or trailing dots and spaces go. Never empty.
 */
export function exportFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.]+$/g, '');
  return [...cleaned].slice(0, 80).join('').trimEnd() || 'shortlist';
}

/** Hands bytes to the browser as a download (Electron asks where to save it). */
export function saveFile(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The bytes at `url` (app and media-cache URLs); an HTTP error fails the export. */
export async function bytesOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export const useShortlistExportStore = defineStore('shortlistExport', () => {
  const composer = inject(castdeskComposerKey);
  if (!composer) throw new Error('The shortlist export store needs the Castdesk i18n plugin installed on the app');
  const { t } = composer;
  const sync = useSyncStore();
  const shortlists = useShortlistsStore();
  const labels = useLabelsStore();
  const connections = useConnectionStore();
  const office = useOfficeListsStore();
  const nameOnly = useNameOnlyExportStore();

  const busy = ref<ExportKind | null>(null);
  const error = ref<LibraryError | null>(null);
  /** The name of the last file handed over, for a confirmation line. */
  const lastFile = ref<string | null>(null);
  /**
   * Where the last file and error belong (issue 22, item 14): a list's bar shows them only for that
   * list, the backup panel only for the backup; null: nowhere yet.
   */
  const place = ref<ExportPlace | null>(null);
  const importPlan = shallowRef<ImportPlan | null>(null);
  const importResult = ref<ImportResult | null>(null);
  /** Whether CSV, PDF and presentation package include private attributes (marked); remembered. */
  const includePrivate = ref(savedIncludePrivate());

  function setIncludePrivate(include: boolean): void {
    includePrivate.value = include;
    saveIncludePrivate(include);
  }
  /** Whether the PDF contact sheet and the presentation package carry the user's notes; remembered, off until ticked. */
  const includeNotes = ref(savedIncludeNotes());

  function setIncludeNotes(include: boolean): void {
    includeNotes.value = include;
    saveIncludeNotes(include);
  }

  /** The contact sheet's paper, A4 or Letter; remembered for every list. */
  const paper = ref<ContactSheetPaper>(savedPaper());

  function setPaper(choice: ContactSheetPaper): void {
    paper.value = choice;
    savePaper(choice);
  }

  /** How exports treat private attributes now, in the UI language. */
  function privacy(): PrivateExportOptions {
    return { includePrivate: includePrivate.value, mark: (value) => t('shortlistExport.privateMark', { value }) };
  }

  async function run<T>(kind: ExportKind, at: ExportPlace, work: () => Promise<T>): Promise<T | null> {
    if (busy.value) return null;
    busy.value = kind;
    error.value = null;
    lastFile.value = null;
    place.value = at;
    try {
      return await work();
    } catch (failure) {
      // Ours and the bridge's failures keep their code; anything else (pdf-lib, a font) failed the export.
      error.value = isRendererErrorCode((failure as { code?: unknown } | null)?.code)
        ? toLibraryError(failure)
        : { code: 'export_failed', message: String((failure as Error)?.message ?? failure) };
      return null;
    } finally {
      busy.value = null;
    }
  }

  async function listWithEntries(listId: number): Promise<{ list: ShortlistRow; entries: ShortlistEntryRow[] }> {
    const { list, entries } = await shortlists.listWithEntries(listId);
    // Exports show each actor as the library has them now, not as they were when added.
    return { list, entries: await shortlists.withCurrentProfiles(entries) };
  }

  function csvTexts(): CsvTexts {
    const headerKeys = {
      position: 'shortlistExport.columnPosition',
      actorId: 'shortlistExport.columnActorId',
      name: 'shortlistExport.columnName',
      actingAge: 'shortlistExport.columnActingAge',
      age: 'shortlistExport.columnAge',
      height: 'shortlistExport.columnHeight',
      gender: 'shortlistExport.columnGender',
      agencies: 'shortlistExport.columnAgencies',
      languages: 'shortlistExport.columnLanguages',
      status: 'shortlistExport.columnStatus',
      rating: 'shortlistExport.columnRating',
      colours: 'shortlistExport.columnColours',
      tags: 'shortlistExport.columnTags',
      note: 'shortlistExport.columnNote',
      available: 'shortlistExport.columnAvailable',
      addedAt: 'shortlistExport.columnAddedAt',
      shortlist: 'shortlistExport.columnShortlist',
      castingCall: 'shortlistExport.columnCastingCall',
      role: 'shortlistExport.columnRole',
    } as const satisfies Record<string, MessageKey>;
    const statusKeys = {
      considering: 'shortlistExport.statusConsidering',
      invited: 'shortlistExport.statusInvited',
      callback: 'shortlistExport.statusCallback',
      booked: 'shortlistExport.statusBooked',
      released: 'shortlistExport.statusReleased',
    } as const satisfies Record<string, MessageKey>;
    const colourKeys = {
      red: 'shortlistExport.colourRed',
      orange: 'shortlistExport.colourOrange',
      yellow: 'shortlistExport.colourYellow',
      green: 'shortlistExport.colourGreen',
      blue: 'shortlistExport.colourBlue',
      purple: 'shortlistExport.colourPurple',
    } as const satisfies Record<string, MessageKey>;
    return {
      headers: Object.fromEntries(shortlistCsvColumns.map((column) => [column, t(headerKeys[column])])) as CsvTexts['headers'],
      statuses: Object.fromEntries(shortlistStatuses.map((status) => [status, t(statusKeys[status])])) as CsvTexts['statuses'],
      colours: Object.fromEntries(shortlistColours.map((colour) => [colour, t(colourKeys[colour])])) as CsvTexts['colours'],
      availableYes: t('shortlistExport.availableYes'),
      availableNo: t('shortlistExport.availableNo'),
      languageWithLevel: (language, level) => t('shortlistExport.languageWithLevel', { language, level }),
      label: (catalogue, key) => labels.label(catalogue, key),
      available: (actorId, directoryOrigin) => shortlists.available(actorId, directoryOrigin),
      privacy: privacy(),
    };
  }

  /**
   * The office's picks and comments on shared list `listId` as its document holds them now (an
   * export reads the current review, as it reads the current entries); undefined for a personal list.
   */
  async function csvReview(listId: number): Promise<CsvReview | undefined> {
    const annotations = await office.currentAnnotations(listId);
    if (!annotations) return undefined;
    const none = { picks: [], comments: {} };
    return {
      headers: { pickedBy: t('shortlistExport.columnPickedBy'), comments: t('shortlistExport.columnComments') },
      annotationsOf: (entry) => annotations.get(officeEntryKey(entry.directoryOrigin, entry.actorId)) ?? none,
      nameOf: (memberId) => shownMemberName(office.memberName(listId, memberId), office.namesakeNumber(listId, memberId), t),
      comment: (name, text) => t('shortlistExport.reviewComment', { name, text }),
      compare: new Intl.Collator(composer!.locale.value).compare,
    };
  }

  async function exportCsv(listId: number): Promise<boolean> {
    const done = await run('csv', listId, async () => {
      const { list, entries } = await listWithEntries(listId);
      const name = `${exportFileName(list.name)}.csv`;
      const review = await csvReview(listId);
      saveFile(name, shortlistCsv(list, entries, csvTexts(), csvDelimiterFor(composer!.locale.value), review), 'text/csv;charset=utf-8');
      lastFile.value = name;
      return true;
    });
    return done === true;
  }

  async function exportPdf(listId: number, paper: ContactSheetPaper): Promise<boolean> {
    const done = await run('pdf', listId, async () => {
      nameOnly.clear();
      const { list, entries } = await listWithEntries(listId);
      const connectionId = sync.connectionId;
      // pdf-lib and the fonts (about 1.3 MB) load the first time a contact sheet is made, not at start.
      const [{ shortlistPdf }, { loadContactSheetFonts }] = await Promise.all([import('../shortlists/shortlistPdf.ts'), import('../shortlists/contactSheetFonts.ts')]);
      const fontBytes = await loadContactSheetFonts(bytesOf);
      const statuses = csvTexts().statuses;
      const pdf = await shortlistPdf({
        title: list.name,
        // The list is often named after its call or role: the title stands once.
        subtitle: [list.castingCallName, list.roleName].filter((part) => part && part.trim() !== list.name.trim()).join(' – ') || undefined,
        paper,
        entries: entries.map((entry) => ({
          name: entry.snapshot.name,
          actingAge: exportedFact(
            entry.snapshot.privateFields,
            'actingAge',
            entry.snapshot.actingAgeFrom !== null && entry.snapshot.actingAgeTo !== null ? `${entry.snapshot.actingAgeFrom}–${entry.snapshot.actingAgeTo}` : '',
            privacy(),
          ),
          height: entry.snapshot.height ? composer!.n(entry.snapshot.height, 'centimetre') : '',
          agencies: [...entry.snapshot.agencies],
          status: statuses[entry.status] ?? '',
          rating: entry.rating,
          note: entry.note,
          pictureUrl: entry.snapshot.pictureUrl ?? entry.snapshot.thumbUrl,
          framing: entry.snapshot.pictureFraming,
          // Not known to be gone when the member's library lacks the actor (shortlistCsv.ts says the same).
          unavailable: !entry.snapshot.notInLibrary && !shortlists.available(entry.actorId, entry.directoryOrigin),
        })),
        // Only the offline cache: a picture it does not hold becomes the placeholder. Scaled to the sheet's size.
        loadPicture: async (url) => {
          const bytes = connectionId ? await bytesOf(mediaUrl(connectionId, url)).catch(() => null) : null;
          return bytes ? fitPicture(bytes) : null;
        },
        fontBytes,
        includeNotes: includeNotes.value,
        texts: {
          actingAge: (range) => t('shortlistExport.pdfActingAge', { range }),
          noPicture: t('shortlistExport.pdfNoPicture'),
          unavailable: t('shortlistExport.pdfUnavailable'),
          page: (n, total) => t('shortlistExport.pdfPage', { n, total }),
          generated: t('shortlistExport.pdfGenerated', { date: composer!.d(new Date(), 'date') }),
          notesTitle: t('shortlistExport.columnNote'),
        },
      });
      // The paper as the export bar names it, in the UI language ("Tatort (US Letter).pdf" in French).
      const paperName = t(paper === 'a4' ? 'shortlistExport.paperA4' : 'shortlistExport.paperLetter');
      const name = `${exportFileName(list.name)} (${exportFileName(paperName)}).pdf`;
      saveFile(name, pdf as Uint8Array<ArrayBuffer>, 'application/pdf');
      lastFile.value = name;
      nameOnly.note(listId, name, entries);
      return true;
    });
    return done === true;
  }

  async function exportBackup(): Promise<boolean> {
    const done = await run('backup', 'backup', async () => {
      const { lists, entries } = await shortlists.allListsAndEntries();
      const connection = connections.active;
      const text = createBackup({
        connection: { name: connection?.name ?? '', baseUrl: connection?.baseUrl ?? '' },
        shortlists: lists,
        entries,
        exportedAt: new Date().toISOString(),
        appVersion: '1',
      });
      const name = exportFileName(t('shortlistExport.backupFileName', { date: today() }));
      saveFile(name, text, 'application/json');
      lastFile.value = name;
      return true;
    });
    return done === true;
  }

  /** Reads a backup file and plans its import; nothing is written until `applyImport`. */
  async function readImport(file: Blob): Promise<boolean> {
    importPlan.value = null;
    importResult.value = null;
    const planned = await run('import', 'backup', async () => {
      if (file.size > maxBackupBytes) throw new RendererError('invalid_backup', `The file is larger than ${maxBackupBytes / 1024 / 1024} MB.`);
      const read = readBackup(await file.text());
      if (!read.ok) throw new RendererError('invalid_backup', read.error.message);
      const { lists, entries } = await shortlists.allListsAndEntries();
      return planImport(read.backup, { shortlists: lists, entries });
    });
    importPlan.value = planned;
    return planned !== null;
  }

  /** Writes the planned import with the user's choice per conflict, in one transaction. */
  async function applyImport(choices: ConflictChoices): Promise<boolean> {
    const plan = importPlan.value;
    if (!plan || !shortlists.ready) return false;
    const result = await run('import', 'backup', async () => {
      const writes = applyPlan(plan, choices);
      await shortlists.importLists(writes);
      const created = writes.create.length;
      const replaced = writes.replace.length;
      return { created, replaced, skipped: plan.newLists.length + plan.conflicts.length - created - replaced, identical: plan.identical.length, duplicates: writes.duplicates };
    });
    if (result) {
      importResult.value = result;
      importPlan.value = null;
    }
    return result !== null;
  }

  function cancelImport(): void {
    importPlan.value = null;
  }

  return { busy, error, lastFile, place, importPlan, importResult, includePrivate, setIncludePrivate, includeNotes, setIncludeNotes, paper, setPaper, privacy, exportCsv, exportPdf, exportBackup, readImport, applyImport, cancelImport };
});
