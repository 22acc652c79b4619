/**
 * The director's picks text (renderer/src/shortlists/directorPicks.ts): what the package writes
 * reads back the same, through what mail programs and chats do to text; a text for another package
 * or with a line that is not a pick is refused whole; picked actors the list no longer holds are
 * set apart from the others, and a text naming none the list holds is refused. The list a text for
 * another package was made of is read from its intro, in whichever of the ten languages it came.
 */
import { inject, createApp } from 'vue';
import { describe, expect, it } from 'vitest';
import { castdeskComposerKey, createCastdeskI18n, supportedLocales } from '../../../renderer/src/i18n/index.ts';
import { picksIntros } from '../../../renderer/src/i18n/picksTexts.ts';
import { introTitle, picksText, presentationPackageId, readPicks, type Pick } from '../../../renderer/src/shortlists/directorPicks.ts';

const packageId = '12-ab34cd56';
const known = new Set([1042, 1043, 7, 99]);
const picks: Pick[] = [
  { position: 3, actorId: 1042, name: 'Jonas Weber' },
  { position: 1, actorId: 7, name: 'Zoë „Zo“ Ünal-Łukasik' },
];

describe('picks text', () => {
  it('is a header and one line per pick', () => {
    expect(picksText(packageId, picks)).toBe('Castdesk picks v1 12-ab34cd56\n3 #1042 Jonas Weber\n1 #7 Zoë „Zo“ Ünal-Łukasik');
    expect(picksText(packageId, [{ position: 2, actorId: 99, name: ' Two\n lines\t' }])).toBe('Castdesk picks v1 12-ab34cd56\n2 #99 Two lines');
  });

  it('reads back what it wrote', () => {
    expect(readPicks(picksText(packageId, picks), [packageId], known)).toEqual({ ok: true, picks, notOnList: [] });
  });

  it('forgives CRLF, blank lines, mail quoting, quotation marks, a greeting and a signature-free tail', () => {
    const mailed = [
      'Hi Anna, here are my picks:',
      '',
      '> "Castdesk picks v1 12-ab34cd56',
      '>',
      '>   3   #1042   Jonas Weber  ',
      '> 1 #7 Zoë „Zo“ Ünal-Łukasik"',
      '',
      '',
    ].join('\r\n');
    expect(readPicks(mailed, [packageId], known)).toEqual({ ok: true, picks, notOnList: [] });
    const quotedWhole = `“Castdesk picks v1 12-ab34cd56\n3 #1042 Jonas Weber”`;
    expect(readPicks(quotedWhole, [packageId], known)).toEqual({ ok: true, picks: [picks[0]], notOnList: [] });
    // A byte-order mark, old Mac line ends, a line without a name, the same actor twice.
    expect(readPicks('\uFEFFcastdesk picks v1 12-ab34cd56\r3 #1042\r4 #1042 Jonas Weber', [packageId], known)).toEqual({
      ok: true,
      picks: [{ position: 3, actorId: 1042, name: '' }],
      notOnList: [],
    });
  });

  it('refuses a text for another package', () => {
    expect(readPicks('Castdesk picks v1 13-ffffffff\n3 #1042 Jonas Weber', [packageId], known)).toEqual({ ok: false, refusal: { reason: 'other_package', packageId: '13-ffffffff' } });
  });

  it('sets apart the picked actors the list no longer holds, with the names the text gives, and keeps the others', () => {
    expect(readPicks('Castdesk picks v1 12-ab34cd56\n8 #5000 Jonas Weber\n3 #1042 Jonas Weber\n6 #5001', [packageId], known)).toEqual({
      ok: true,
      picks: [{ position: 3, actorId: 1042, name: 'Jonas Weber' }],
      notOnList: [
        { position: 8, actorId: 5000, name: 'Jonas Weber' },
        { position: 6, actorId: 5001, name: '' },
      ],
    });
  });

  it('refuses a text none of whose picks the list holds, naming every one', () => {
    expect(readPicks('Castdesk picks v1 12-ab34cd56\n5 #5000 Stranger\n6 #5001 Other', [packageId], known)).toEqual({
      ok: false,
      refusal: {
        reason: 'unknown_actors',
        picks: [
          { position: 5, actorId: 5000, name: 'Stranger' },
          { position: 6, actorId: 5001, name: 'Other' },
        ],
      },
    });
  });

  it('refuses a whole text for another package, or with an unreadable line, even when it names actors the list no longer holds', () => {
    expect(readPicks('Castdesk picks v1 13-ffffffff\n5 #5000 Stranger', [packageId], known)).toEqual({ ok: false, refusal: { reason: 'other_package', packageId: '13-ffffffff' } });
    expect(readPicks('Castdesk picks v1 12-ab34cd56\n5 #5000 Stranger\nand Lena', [packageId], known)).toEqual({
      ok: false,
      refusal: { reason: 'unreadable_line', line: 3, text: 'and Lena' },
    });
  });

  it('refuses a line that is not a pick, and a text without header or picks', () => {
    expect(readPicks('Castdesk picks v1 12-ab34cd56\n3 #1042 Jonas Weber\nand maybe Lena?', [packageId], known)).toEqual({
      ok: false,
      refusal: { reason: 'unreadable_line', line: 3, text: 'and maybe Lena?' },
    });
    expect(readPicks('Castdesk picks v2 12-ab34cd56\n3 #1042 Jonas Weber', [packageId], known)).toEqual({
      ok: false,
      refusal: { reason: 'unreadable_line', line: 1, text: 'Castdesk picks v2 12-ab34cd56' },
    });
    expect(readPicks('3 #1042 Jonas Weber', [packageId], known)).toEqual({ ok: false, refusal: { reason: 'no_header' } });
    expect(readPicks('', [packageId], known)).toEqual({ ok: false, refusal: { reason: 'no_header' } });
    expect(readPicks('Castdesk picks v1 12-ab34cd56\r\n\r\n', [packageId], known)).toEqual({ ok: false, refusal: { reason: 'no_picks' } });
  });
});

describe('presentationPackageId', () => {
  it('is stable for a list and differs for another list or the same id made at another time', async () => {
    const list = { id: 12, createdAt: '2026-11-01T10:00:00.000Z' };
    const id = await presentationPackageId(list);
    expect(id).toMatch(/^12-[0-9a-f]{8}$/);
    expect(await presentationPackageId({ ...list })).toBe(id);
    expect(await presentationPackageId({ ...list, createdAt: '2026-11-01T10:00:00.001Z' })).not.toBe(id);
    expect((await presentationPackageId({ ...list, id: 13 })).startsWith('13-')).toBe(true);
  });

  it('of a shared list is the office list\'s, the same on every member\'s computer, whatever the list\'s id and time there', async () => {
    const place = { officeId: 'office-a', listId: 'f3a1c0de' };
    const lea = await presentationPackageId({ id: 12, createdAt: '2026-11-01T10:00:00.000Z' }, place);
    expect(lea).toMatch(/^office-[0-9a-f]{8}$/);
    expect(await presentationPackageId({ id: 3, createdAt: '2026-11-20T08:00:00.000Z' }, place)).toBe(lea);
    expect(await presentationPackageId({ id: 12, createdAt: '2026-11-01T10:00:00.000Z' }, { ...place, listId: 'f3a1c0df' })).not.toBe(lea);
    expect(await presentationPackageId({ id: 12, createdAt: '2026-11-01T10:00:00.000Z' }, { ...place, officeId: 'office-b' })).not.toBe(lea);
  });
});

describe('a list with two package ids (sent before and after it was shared)', () => {
  it('takes picks for either and refuses a third', () => {
    const ids = ['12-ab34cd56', 'office-0badf00d'];
    expect(readPicks(picksText('office-0badf00d', picks), ids, known)).toEqual({ ok: true, picks, notOnList: [] });
    expect(readPicks(picksText('12-ab34cd56', picks), ids, known)).toEqual({ ok: true, picks, notOnList: [] });
    expect(readPicks(picksText('office-0badf00e', picks), ids, known)).toEqual({ ok: false, refusal: { reason: 'other_package', packageId: 'office-0badf00e' } });
  });
});

/** The intro line a package made in `locale` writes for list `title`, with the date as that language writes it. */
function introIn(locale: (typeof supportedLocales)[number], title: string): string {
  const app = createApp({}).use(createCastdeskI18n(locale));
  const composer = app.runWithContext(() => inject(castdeskComposerKey))!;
  return composer.t('shortlistExport.packagePicksIntro', { title, date: composer.d(new Date('2026-11-29T10:00:00Z'), 'date') });
}

describe('the list a picks text names in its intro', () => {
  const titles = ['Tatort – Kommissarin', 'Lead (2027) „Anna“ «B» “C”', 'Zoë’s “Ünal” list'];

  it('is read from an intro in each of the ten languages, whatever its quotation marks, through mail quoting and wrapping', () => {
    for (const locale of supportedLocales) {
      for (const title of titles) {
        const intro = introIn(locale, title);
        const plain = `${intro}\n${picksText('13-ffffffff', picks)}`;
        expect(introTitle(plain, picksIntros), `${locale}: ${intro}`).toBe(title);
        // A greeting first; the intro quoted by a mail program and wrapped at a space; CRLF.
        const words = intro.split(' ');
        const half = Math.floor(words.length / 2);
        const mailed = ['Hi Anna,', '', `> ${words.slice(0, half).join(' ')}`, `> ${words.slice(half).join(' ')}`, `> ${picksText('13-ffffffff', picks).replaceAll('\n', '\r\n> ')}`].join('\r\n');
        expect(introTitle(mailed, picksIntros), `${locale} mailed: ${intro}`).toBe(title);
      }
    }
  });

  it('is none without an intro before the header', () => {
    expect(introTitle(picksText('13-ffffffff', picks), picksIntros)).toBeNull();
    expect(introTitle(`Hi, my picks for “Tatort” are below\n${picksText('13-ffffffff', picks)}`, picksIntros)).toBeNull();
    expect(introTitle(`${picksText('13-ffffffff', picks)}\n${introIn('en', 'After')}`, picksIntros)).toBeNull();
    expect(introTitle(introIn('en', 'No header'), picksIntros)).toBeNull();
  });
});
