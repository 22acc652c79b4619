/**
 * The demo's "about me" intro says how long the person has worked with the noun in the plural
 * form the number takes in each language ("seit 1 Jahr", not "seit 1 Jahren").
 */
import { expect, it } from 'vitest';
import { generateAboutMe, type AboutMeFacts } from '../../../server/src/demo/aboutMe.ts';
import { Random } from '../../../server/src/demo/random.ts';

/** The intro of the first profile (over a few seeds) that writes in `language`, for `years`. */
function intro(language: string, locale: string, years: number): string {
  const facts: AboutMeFacts = { firstName: 'Ada', city: 'Köln', years, crew: false, feminine: true, homepage: null, languages: [language] };
  for (let seed = 1; seed < 100; seed += 1) {
    const text = generateAboutMe(new Random(seed), facts).about_me?.[locale as 'de'];
    if (text) return text.split('\n')[0]!;
  }
  throw new Error(`no ${locale} text in 100 seeds`);
}

it.each([
  ['german', 'de', 1, 'seit 1 Jahr in'],
  ['german', 'de', 7, 'seit 7 Jahren in'],
  ['english', 'en', 1, 'working for 1 year in'],
  ['english', 'en', 3, 'working for 3 years in'],
  ['polish', 'pl', 1, 'od 1 roku w'],
  ['polish', 'pl', 3, 'od 3 lat w'],
  ['ukrainian', 'uk', 3, '3 роки працюю'],
  ['ukrainian', 'uk', 5, '5 років працюю'],
  ['french', 'fr', 1, 'depuis 1 an au'],
])('%s (%s), %i years: "%s"', (language, locale, years, expected) => {
  expect(intro(language, locale, years)).toContain(expected);
});
