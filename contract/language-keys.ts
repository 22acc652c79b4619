/**
 * One table for the two ways the provider names a language. Actor and crew profiles key
 * `languages` by German words ("deutsch", "englisch"; umlauts folded: "franzosisch"), while casting
 * call roles and the `languages=` list filter use ISO 639-2 codes ("deu", "eng"). The directory
 * service maps its filter codes onto profile keys with it, and the app maps a profile's keys to
 * codes (role matching, labels), so both ends agree on every pair.
 */

/** The provider's key of every language in the catalogue (contract/catalogues/languages.json) → ISO 639-2. */
const isoCodeByLanguageKey: Readonly<Record<string, string>> = {
  deutsch: 'deu', englisch: 'eng', franzosisch: 'fra', italienisch: 'ita', spanisch: 'spa',
  portugiesisch: 'por', niederlandisch: 'nld', polnisch: 'pol', rumanisch: 'ron', ukrainisch: 'ukr',
  russisch: 'rus', turkisch: 'tur', arabisch: 'ara', chinesisch: 'zho', japanisch: 'jpn', koreanisch: 'kor',
  hindi: 'hin', urdu: 'urd', bengalisch: 'ben', punjabi: 'pan', schwedisch: 'swe', danisch: 'dan',
  norwegisch: 'nor', finnisch: 'fin', islandisch: 'isl', tschechisch: 'ces', slowakisch: 'slk',
  ungarisch: 'hun', kroatisch: 'hrv', serbisch: 'srp', bosnisch: 'bos', slowenisch: 'slv',
  mazedonisch: 'mkd', bulgarisch: 'bul', albanisch: 'sqi', griechisch: 'ell', hebraisch: 'heb',
  persisch: 'fas', kurdisch: 'kur', vietnamesisch: 'vie', thailandisch: 'tha', indonesisch: 'ind',
  malaiisch: 'msa', tagalog: 'tgl', suaheli: 'swa', amharisch: 'amh', somali: 'som', tigrinya: 'tir',
  jiddisch: 'yid', latein: 'lat', litauisch: 'lit', lettisch: 'lav', estnisch: 'est', belarussisch: 'bel',
  georgisch: 'kat', armenisch: 'hye', aserbaidschanisch: 'aze', kasachisch: 'kaz', usbekisch: 'uzb',
  katalanisch: 'cat', baskisch: 'eus', galicisch: 'glg', irisch: 'gle', walisisch: 'cym',
  luxemburgisch: 'ltz', ratoromanisch: 'roh', schweizerdeutsch: 'gsw', niederdeutsch: 'nds',
  westfriesisch: 'fry', afrikaans: 'afr', tamil: 'tam', paschtu: 'pus', romani: 'rom', yoruba: 'yor',
  maltesisch: 'mlt', gebardensprache: 'sgn',
};

/** Other German spellings real payloads use for the same languages. */
const synonyms: Readonly<Record<string, string>> = {
  hollandisch: 'nld', plattdeutsch: 'nds',
};

/** Folds a German word the way the provider's keys do: lower case, ä → a, ö → o, ü → u, ß → ss. */
function foldGermanWord(word: string): string {
  return word
    .trim()
    .normalize('NFC')
    .toLowerCase()
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'u')
    .replace(/ß/g, 'ss');
}

const codeByFoldedWord = new Map<string, string>(
Object.entries({ ...isoCodeByLanguageKey, ...synonyms }));

const keyByCode = new Map<string, string>(Object.entries(isoCodeByLanguageKey).map(([key, code]) => [code, key]));

/**
 * The ISO 639-2 code for a provider language key or any German spelling of it ("Französisch",
 * "franzoesisch", "franzosisch"); undefined for anything else, ISO codes included.
 */
export function isoCodeForLanguageKey(key: string): string | undefined {
  const folded = foldGermanWord(key);
  // "franzoesisch": umlauts written as two letters
  return codeByFoldedWord.get(folded) ?? codeByFoldedWord.get(folded.replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u'));
}

/** The provider's profile key for an ISO 639-2 code ("eng" → "englisch"), or undefined when the catalogue has no such language. */
export function languageKeyForIsoCode(code: string): string | undefined {
  return keyByCode.get(code.trim().toLowerCase());
}
