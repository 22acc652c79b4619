/**
 * Real provider payloads key `languages` by German words ("deutsch", "englisch") where the spec and
 * our service use ISO 639-2 codes ("deu", "eng"). This table turns the words into codes; umlauts may
 * be written as ä or ae (or a). Levels ("muttersprachlich", "fliessend") are not language names.
 */

const codeByGermanName: Record<string, string> = {
  deutsch: 'deu', englisch: 'eng', französisch: 'fra', italienisch: 'ita', spanisch: 'spa',
  portugiesisch: 'por', niederländisch: 'nld', holländisch: 'nld', polnisch: 'pol', rumänisch: 'ron',
  ukrainisch: 'ukr', russisch: 'rus', türkisch: 'tur', arabisch: 'ara', chinesisch: 'zho',
  japanisch: 'jpn', koreanisch: 'kor', schwedisch: 'swe', dänisch: 'dan', norwegisch: 'nor',
  finnisch: 'fin', isländisch: 'isl', tschechisch: 'ces', slowakisch: 'slk', ungarisch: 'hun',
  kroatisch: 'hrv', serbisch: 'srp', bosnisch: 'bos', slowenisch: 'slv', mazedonisch: 'mkd',
  bulgarisch: 'bul', albanisch: 'sqi', griechisch: 'ell', hebräisch: 'heb', persisch: 'fas',
  kurdisch: 'kur', vietnamesisch: 'vie', hindi: 'hin', latein: 'lat', litauisch: 'lit',
  lettisch: 'lav', estnisch: 'est', katalanisch: 'cat', irisch: 'gle', walisisch: 'cym',
  luxemburgisch: 'ltz', schweizerdeutsch: 'gsw', plattdeutsch: 'nds', niederdeutsch: 'nds',
  jiddisch: 'yid', gebärdensprache: 'sgn',
};

const foldUmlauts = (word: string, ae: boolean) =>
  word.replace(/ä/g, ae ? 'ae' : 'a').replace(/ö/g, ae ? 'oe' : 'o').replace(/ü/g, ae ? 'ue' : 'u').replace(/ß/g, 'ss');

/** Every spelling (ä, ae, a) of every name, folded to lower case. */
const lookup = new Map<string, string>(
  Object.entries(codeByGermanName).flatMap(([name, code]) => [
    [name, code] as const,
    [foldUmlauts(name, true), code] as const,
    [foldUmlauts(name, false), code] as const,
  ]),
);

/** The ISO 639-2 code for a German language name, or undefined for anything else (codes included). */
export function isoCodeForGermanName(name: string): string | undefined {
  return lookup.get(name.trim().normalize('NFC').toLowerCase());
}
