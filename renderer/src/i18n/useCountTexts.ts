/**
 * Counts as words in the UI language ("1 actor", "2.040 Schauspielprofile", "5 aktorów", "22 lata"):
 * one plural message per noun, so a sentence naming several counts still gets each noun's form
 * right, and every number through the language's number format.
 */
import { useI18n } from 'vue-i18n';
import type { MessageKey } from './en.ts';

export interface LibraryCounts {
  actors: number;
  crew: number;
  castingCalls: number;
}

export function useCountTexts() {
  const { t, n } = useI18n();
  /** "1,234" / "1.234": a whole number in the UI language. */
  const integer = (value: number): string => n(value, 'integer');
  /** The three counts as words; an unknown count ("…") stays as it is. */
  function libraryCounts(counts: Partial<LibraryCounts>): Record<keyof LibraryCounts, string> {
    const word = (key: MessageKey, value: number | undefined) =>
      value === undefined ? '…' : t(key, { count: integer(value) }, value);
    return { actors: word('counts.actors', counts.actors), crew: word('counts.crew', counts.crew), castingCalls: word('counts.castingCalls', counts.castingCalls) };
  }
  /** An age in years with the language's plural form: "1 year", "22 lata", "21 год", "25 лет". */
  const ageInYears = (years: number): string => t('actorDetail.ageValue', { age: integer(years) }, years);
  return { integer, libraryCounts, ageInYears };
}
