/**
 * The director's-picks texts of every UI language, in one place: the office's members may each
 * work in another language, and a picks text or a tag one of them wrote must be recognised by all.
 */
import { uiLocales } from './uiLocales.ts';

const languages = Object.values(uiLocales);

/** The tag a director's pick gets, in each language: an entry with any of them is tagged already. */
export const picksTags: ReadonlySet<string> = new Set(languages.map(({ messages }) => messages.shortlistExport.picksTag));

/** The first line in words of a package's picks text, in each language (`{title}`, `{date}`). */
export const picksIntros: readonly string[] = languages.map(({ messages }) => messages.shortlistExport.packagePicksIntro);
