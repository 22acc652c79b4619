import { describe, expect, it } from 'vitest';
import type { ActorSnapshot, ShortlistEntryRow, ShortlistRow } from '../../../renderer/src/db/shortlistDb.ts';
import { csvDelimiterFor, parseCsv, shortlistCsv, shortlistCsvColumns, type CsvReview, type CsvTexts } from '../../../renderer/src/shortlists/shortlistCsv.ts';
import { exportFileName } from '../../../renderer/src/stores/shortlistExport.ts';

const list: ShortlistRow = {
  id: 7,
  name: 'Tatort "Kiel", Staffel 3',
  castingCallId: 12,
  roleId: 34,
  castingCallName: 'Tatort Kiel',
  roleName: 'Kommissarin Jörgensen',
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

function snapshot(name: string, overrides: Partial<ActorSnapshot> = {}): ActorSnapshot {
  return {
    name,
    actingAgeFrom: 25,
    actingAgeTo: 35,
    age: 31,
    height: 172,
    gender: 'female',
    agencies: ['Agentur Schön', 'Second Agency'],
    languages: { deu: 'native', eng: 'fluent' },
    thumbUrl: null,
    pictureUrl: null,
    updatedAt: null,
    ...overrides,
  };
}

function entry(actorId: number, position: number, overrides: Partial<ShortlistEntryRow> = {}): ShortlistEntryRow {
  return {
    id: actorId * 10,
    shortlistId: 7,
    directoryOrigin: 'http://127.0.0.1:40000',
    actorId,
    position,
    note: '',
    rating: null,
    colours: [],
    tags: [],
    status: 'considering',
    addedAt: '2026-01-03T09:15:00.000Z',
    updatedAt: '2026-01-03T09:15:00.000Z',
    snapshot: snapshot(`Actor ${actorId}`),
    ...overrides,
  };
}

/** German texts, as the store would pass them from vue-i18n and the labels store. */
const labels: Record<string, Record<string, string>> = {
  gender_new: { female: 'Weiblich', male: 'Männlich' },
  genders: { m: 'männlich (alt)' },
  languages: { deu: 'Deutsch', eng: 'Englisch', fra: 'Französisch' },
  language_levels: { native: 'Muttersprache', fluent: 'fließend' },
};
const unavailableActors = new Set([3]);
const texts: CsvTexts = {
  headers: {
    position: 'Nr.',
    actorId: 'ID',
    name: 'Name',
    actingAge: 'Spielalter',
    age: 'Alter',
    height: 'Größe',
    gender: 'Geschlecht',
    agencies: 'Agenturen',
    languages: 'Sprachen',
    status: 'Status',
    rating: 'Bewertung',
    colours: 'Farben',
    tags: 'Schlagwörter',
    note: 'Notiz',
    available: 'Verfügbar',
    addedAt: 'Hinzugefügt',
    shortlist: 'Liste',
    castingCall: 'Casting',
    role: 'Rolle',
  },
  statuses: { considering: 'In Betracht', invited: 'Eingeladen', callback: 'Callback', booked: 'Gebucht', released: 'Abgesagt' },
  colours: { red: 'Rot', orange: 'Orange', yellow: 'Gelb', green: 'Grün', blue: 'Blau', purple: 'Lila' },
  availableYes: 'ja',
  availableNo: 'nicht mehr verfügbar',
  languageWithLevel: (language, level) => `${language} (${level})`,
  label: (catalogue, key) => labels[catalogue]?.[key] ?? key,
  available: (actorId) => !unavailableActors.has(actorId),
  privacy: { includePrivate: false, mark: (value) => `${value} (privat)` },
};

describe('shortlistCsv', () => {
  it('starts with the UTF-8 BOM, ends rows with CRLF and writes the header from the texts', () => {
    const csv = shortlistCsv(list, [entry(1, 1)], texts);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFNr.,ID,Name,Spielalter,Alter,Größe,Geschlecht,Agenturen,Sprachen,Status,Bewertung,Farben,Schlagwörter,Notiz,Verfügbar,Hinzugefügt,Liste,Casting,Rolle',
    );
    // Umlauts are written as themselves (UTF-8 once encoded), not escaped.
    const utf8 = new TextEncoder().encode(csv);
    expect([...utf8.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(utf8)).toBe(csv);
  });

  it('writes one row per entry with labelled values, parsed back cell for cell', () => {
    const entries = [
      entry(1, 1, {
        snapshot: snapshot('Jürgen Müller-Lüdenscheidt', { gender: 'male', agencies: ['Agentur Süd', 'Zweite'] }),
        note: 'Sehr gut, "präsent"\nzweite Zeile\r\ndritte',
        rating: 4,
        colours: ['green', 'blue'],
        tags: ['Hauptrolle', 'Dialekt, bairisch'],
        status: 'callback',
      }),
      entry(2, 2, {
        snapshot: snapshot('Ольга Иванова', {
          actingAgeFrom: 40,
          actingAgeTo: null,
          age: null,
          height: null,
          gender: 'm',
          agencies: [],
          languages: { fra: '' },
        }),
      }),
      entry(3, 3, { snapshot: snapshot('Gone Actor', { actingAgeFrom: null, actingAgeTo: null, gender: null, languages: {} }), status: 'released' }),
    ];
    const rows = parseCsv(shortlistCsv(list, entries, texts));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual(shortlistCsvColumns.map((column) => texts.headers[column]));
    expect(rows[1]).toEqual([
      '1',
      '1',
      'Jürgen Müller-Lüdenscheidt',
      '25–35',
      '31',
      '172',
      'Männlich',
      'Agentur Süd; Zweite',
      'Deutsch (Muttersprache); Englisch (fließend)',
      'Callback',
      '4',
      'Grün; Blau',
      'Hauptrolle; Dialekt, bairisch',
      'Sehr gut, "präsent"\nzweite Zeile\r\ndritte',
      'ja',
      '2026-01-03',
      'Tatort "Kiel", Staffel 3',
      'Tatort Kiel',
      'Kommissarin Jörgensen',
    ]);
    expect(rows[2]).toEqual([
      '2',
      '2',
      'Ольга Иванова',
      '40–',
      '',
      '',
      'männlich (alt)',
      '',
      'Französisch',
      'In Betracht',
      '',
      '',
      '',
      '',
      'ja',
      '2026-01-03',
      'Tatort "Kiel", Staffel 3',
      'Tatort Kiel',
      'Kommissarin Jörgensen',
    ]);
    expect(rows[3]![3]).toBe('');
    expect(rows[3]![6]).toBe('');
    expect(rows[3]![9]).toBe('Abgesagt');
    expect(rows[3]![14]).toBe('nicht mehr verfügbar');
  });

  it("writes a shared list's actor the member's library lacks as its name, no facts, and not as gone", () => {
    const notInLibrary: ActorSnapshot = { name: 'Lena Brandt', actingAgeFrom: null, actingAgeTo: null, age: null, height: null, gender: null, agencies: [], languages: {}, thumbUrl: null, pictureUrl: null, updatedAt: null, notInLibrary: true };
    // Actor 3 is one the index does not know (the app's `available` answers false for it).
    const [header, row] = parseCsv(shortlistCsv(list, [entry(3, 1, { snapshot: notInLibrary })], texts));
    const cell = (column: string) => row[header.indexOf(texts.headers[column as keyof CsvTexts['headers']])];
    expect(cell('name')).toBe('Lena Brandt');
    expect([cell('actingAge'), cell('age'), cell('height'), cell('agencies'), cell('languages')]).toEqual(['', '', '', '', '']);
    expect(cell('available')).toBe(texts.availableYes);
  });

  it('quotes fields with commas, quotes and line breaks (RFC 4180), and only those', () => {
    const csv = shortlistCsv(list, [entry(1, 1, { note: 'a "b", c\nd' })], texts);
    const line = csv.slice(1).split('\r\n')[1]!;
    expect(line.startsWith('1,1,Actor 1,25–35,31,172,Weiblich,Agentur Schön; Second Agency,')).toBe(true);
    expect(csv).toContain('"a ""b"", c\nd"');
    expect(csv).toContain('"Tatort ""Kiel"", Staffel 3"');
  });

  it('keeps the order the entries are given in and numbers positions from 1', () => {
    const entries = [entry(30, 0.25), entry(10, 7), entry(20, 3)];
    const rows = parseCsv(shortlistCsv(list, entries, texts)).slice(1);
    expect(rows.map((row) => [row[0], row[1]])).toEqual([
      ['1', '30'],
      ['2', '10'],
      ['3', '20'],
    ]);
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    const dangerous = ['=HYPERLINK("http://evil","x")', '+1+2', '-2+3', '@SUM(A1)', '\tTabbed', '\r=1'];
    const entries = dangerous.map((note, index) =>
      entry(index + 1, index + 1, { note, tags: [note.startsWith('=') ? 'fine' : 'x'], snapshot: snapshot(index === 0 ? '=cmd|calc' : `Actor ${index}`) }),
    );
    const rows = parseCsv(shortlistCsv(list, entries, texts)).slice(1);
    expect(rows.map((row) => row[13])).toEqual(dangerous.map((note) => `'${note}`));
    expect(rows[0]![2]).toBe("'=cmd|calc");
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    // A value that only contains such characters later is left alone.
    const safe = parseCsv(shortlistCsv(list, [entry(1, 1, { note: 'a=b, c-d' })], texts))[1]!;
    expect(safe[13]).toBe('a=b, c-d');
  });

  it('defuses a formula behind leading white space or in full-width operators (OWASP CSV injection)', () => {
    // Issue 23, item 8: each of these went out as it was and ran in a spreadsheet app.
    const dangerous = [' =1+1', '\n=2+2', '\r\n=3+3', '＝4+4', '＋5', '－6', '＠SUM(A1)', '\u00a0=7', '\u3000=8', '\t=9', ' \t @10', '\uFEFF=11'];
    const entries = dangerous.map((note, index) => entry(index + 1, index + 1, { note, snapshot: snapshot(note) }));
    const rows = parseCsv(shortlistCsv(list, entries, texts)).slice(1);
    expect(rows.map((row) => row[13])).toEqual(dangerous.map((note) => `'${note}`));
    expect(rows.map((row) => row[2])).toEqual(dangerous.map((note) => `'${note}`));
    // White space before ordinary text, and operators later in a cell, are left alone.
    const safe = ['  Kiel', '\u3000Tokyo', 'a ＝ b', '\u00a0'];
    const safeRows = parseCsv(shortlistCsv(list, safe.map((note, index) => entry(index + 1, index + 1, { note })), texts)).slice(1);
    expect(safeRows.map((row) => row[13])).toEqual(safe);
  });

  it("splits cells by ';' where the language writes a decimal comma, quoting cells that hold it", () => {
    expect(['de', 'fr', 'pl', 'ru', 'es', 'it', 'ro', 'uk', 'tr'].map(csvDelimiterFor)).toEqual(Array(9).fill(';'));
    expect(['en', 'en-GB'].map(csvDelimiterFor)).toEqual([',', ',']);
    const entries = [entry(1, 1, { note: 'Kiel; Hamburg, Berlin', tags: ['a', 'b'] })];
    const text = shortlistCsv(list, entries, texts, ';');
    const header = text.slice(1, text.indexOf('\r\n'));
    expect(header.split(';')).toEqual(shortlistCsvColumns.map((column) => texts.headers[column]));
    const rows = parseCsv(text, ';');
    expect(rows[1]).toEqual(parseCsv(shortlistCsv(list, entries, texts))[1]);
    expect(rows[1]![13]).toBe('Kiel; Hamburg, Berlin');
    expect(rows[1]![16]).toBe('Tatort "Kiel", Staffel 3');
  });

  it('writes only the header for an empty list', () => {
    const rows = parseCsv(shortlistCsv(list, [], texts));
    expect(rows).toHaveLength(1);
  });
});

describe("a shared list's review", () => {
  const names: Record<string, string> = { m1: 'Zoë Producer', m2: 'Anna Casting', m3: '=cmd|calc', m4: 'Ben; Regie' };
  /** The office's picks and comments by actor id; the document hands member ids in any order. */
  function review(annotations: Record<number, { picks: string[]; comments: Record<string, string> }>): CsvReview {
    return {
      headers: { pickedBy: 'Favorit von', comments: 'Kommentare' },
      annotationsOf: (row) => annotations[row.actorId] ?? { picks: [], comments: {} },
      nameOf: (memberId) => names[memberId] ?? 'Ein Mitglied',
      comment: (name, text) => `${name}: ${text}`,
      compare: new Intl.Collator('de').compare,
    };
  }
  const pickedBy = shortlistCsvColumns.length;
  const comments = pickedBy + 1;

  it('adds "Picked by" and "Comments" after the other columns; without a review the columns stay as they are', () => {
    const entries = [entry(1, 1), entry(2, 2)];
    const reviewed = parseCsv(shortlistCsv(list, entries, texts, ',', review({ 1: { picks: ['m1', 'm2'], comments: { m1: 'Yes!' } } })));
    expect(reviewed[0]).toEqual([...shortlistCsvColumns.map((column) => texts.headers[column]), 'Favorit von', 'Kommentare']);
    expect(reviewed.slice(1).map((row) => row.slice(0, pickedBy))).toEqual(parseCsv(shortlistCsv(list, entries, texts)).slice(1));
    expect(reviewed.slice(1).map((row) => [row[pickedBy], row[comments]])).toEqual([
      ['Anna Casting, Zoë Producer', 'Zoë Producer: Yes!'],
      ['', ''],
    ]);
    expect(parseCsv(shortlistCsv(list, entries, texts))[0]).toHaveLength(shortlistCsvColumns.length);
  });

  it('lists members by name whatever order the document gives, an unknown one as the app names them', () => {
    const cells = (picks: string[], commented: string[]) => {
      const row = parseCsv(shortlistCsv(list, [entry(1, 1)], texts, ',', review({ 1: { picks, comments: Object.fromEntries(commented.map((id) => [id, `from ${id}`])) } })))[1]!;
      return [row[pickedBy], row[comments]];
    };
    expect(cells(['m1', 'm2', 'gone'], ['m1', 'm2'])).toEqual(cells(['gone', 'm2', 'm1'], ['m2', 'm1']));
    expect(cells(['m1', 'm2', 'gone'], ['m1', 'gone'])).toEqual(['Anna Casting, Ein Mitglied, Zoë Producer', 'Ein Mitglied: from gone\nZoë Producer: from m1']);
  });

  it('puts one comment a line in one quoted cell, line breaks inside a comment kept, and quotes the names that hold the delimiter', () => {
    const annotations = { 1: { picks: ['m4', 'm2'], comments: { m2: 'Strong, "warm" voice\r\nsecond line', m4: 'Callback' } } };
    const text = shortlistCsv(list, [entry(1, 1)], texts, ';', review(annotations));
    const row = parseCsv(text, ';')[1]!;
    expect(row[pickedBy]).toBe('Anna Casting, Ben; Regie');
    expect(row[comments]).toBe('Anna Casting: Strong, "warm" voice\nsecond line\nBen; Regie: Callback');
    expect(text).toContain(';"Anna Casting, Ben; Regie";"Anna Casting: Strong, ""warm"" voice\nsecond line\nBen; Regie: Callback"\r\n');
  });

  it('defuses a review cell a spreadsheet would run as a formula: a name or a comment at its start', () => {
    const annotations = {
      1: { picks: ['m3', 'm2'], comments: { m3: '=HYPERLINK("http://evil","x")' } },
      2: { picks: ['m2'], comments: { m2: '=1+1' } },
    };
    const rows = parseCsv(shortlistCsv(list, [entry(1, 1), entry(2, 2)], texts, ',', review(annotations))).slice(1);
    // '=' sorts before letters: the name that is a formula starts both cells, which are made text.
    expect([rows[0]![pickedBy], rows[0]![comments]]).toEqual(["'=cmd|calc, Anna Casting", '\'=cmd|calc: =HYPERLINK("http://evil","x")']);
    // A formula after the author's name is not at the cell's start: a spreadsheet shows it as text.
    expect(rows[1]![comments]).toBe('Anna Casting: =1+1');
    const startsAsFormula = shortlistCsv(list, [entry(1, 1)], texts, ',', { ...review({ 1: { picks: [], comments: { m2: 'x' } } }), comment: (_name, text) => `\n=${text}` });
    expect(parseCsv(startsAsFormula)[1]![comments]).toBe("'\n=x");
  });
});

describe('parseCsv', () => {
  it('strips the BOM and reads quoted fields with commas, quotes, CR and LF', () => {
    expect(parseCsv('\uFEFFa,"b,c","d ""e""","f\r\ng"\r\n1,,3,\r\n')).toEqual([
      ['a', 'b,c', 'd "e"', 'f\r\ng'],
      ['1', '', '3', ''],
    ]);
  });

  it('reads LF line ends, a missing final line end and a row of one empty quoted field', () => {
    expect(parseCsv('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('""\r\nx')).toEqual([[''], ['x']]);
    expect(parseCsv('')).toEqual([]);
  });
});

describe('export file names', () => {
  it('keep the list name as typed, umlauts, accents and spaces included, and replace only what a file system refuses', () => {
    expect(exportFileName('Müller – Tatort 2027')).toBe('Müller – Tatort 2027');
    expect(exportFileName('Zieliński, Agnieszka; Łódź')).toBe('Zieliński, Agnieszka; Łódź');
    expect(exportFileName('Staffel 3/4: "Kiel" <neu>?*|')).toBe('Staffel 3-4- -Kiel- -neu-');
    expect(exportFileName('..\\..\\etc')).toBe('etc');
    expect(exportFileName('  ...  ')).toBe('shortlist');
    expect(exportFileName('a\u0000b\nc')).toBe('a-b-c');
    expect([...exportFileName('ß'.repeat(200))]).toHaveLength(80);
  });
});
