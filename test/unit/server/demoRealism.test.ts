/**
 * The demo reads like a real directory: many distinct names (a few namesakes), a face per person,
 * unique picture file names, texts in the language they claim, casting calls whose kind, title,
 * format and casting type agree, and deadlines spread so that "current" tells calls apart.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDemoFixture } from '../../../server/src/demo/generateDemoFixture.ts';
import { productionKinds } from '../../../server/src/demo/castingCallTexts.ts';
import { nameOrigins } from '../../../server/src/demo/namePools.ts';
import { englishVita, filmTitles, plays, seriesTitles } from '../../../server/src/demo/textPools.ts';
import type { Fixture } from '../../../server/src/fixture/schema.ts';
import { decodeLook } from '../../../server/src/media/portraitLook.ts';
import { portraitHeadBox } from '../../../server/src/media/portraitPainter.ts';

const now = new Date('2026-11-21T12:00:00.000Z');
const actorCount = 5000;
let fixture: Fixture;

beforeAll(() => {
  fixture = generateDemoFixture({ actors: actorCount, crew: 200, castingCalls: 80, seed: 3, now });
  // Generating 5,000 profiles takes seconds; on a loaded two-core machine, many more.
}, 240_000);

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;
/** The look code in a demo picture's file name (`<id>-<look>-<version>.png`). */
const lookOf = (url: string | null | undefined) => /\/\d+-([0-9a-f]{12})-[a-z_]+\.png$/.exec(url ?? '')?.[1];

describe('demo names', () => {
  it('gives thousands of distinct names, with a few namesakes', () => {
    const counts = new Map<string, number>();
    for (const actor of fixture.actor_profiles) counts.set(fullName(actor), (counts.get(fullName(actor)) ?? 0) + 1);
    expect(counts.size).toBeGreaterThan(actorCount * 0.95);
    const namesakes = [...counts.values()].filter((n) => n > 1).length;
    expect(namesakes).toBeGreaterThan(0);
    const words = new Set(fixture.actor_profiles.flatMap((a) => fullName(a).split(/[ -]/)));
    expect(words.size).toBeGreaterThan(2000);
  });

  it('has pools large enough for tens of thousands of distinct names at 50,000 actors', () => {
    // Expected distinct names when drawing m of N equally likely combinations: N (1 − e^(−m/N)).
    const totalWeight = nameOrigins.reduce((sum, origin) => sum + origin.weight, 0);
    let expectedDistinct = 0;
    for (const origin of nameOrigins) {
      const perGender = (50_000 * origin.weight) / totalWeight / 2;
      const surnames = origin.twoLastNames ? origin.last.length ** 2 : origin.last.length;
      for (const given of [origin.female, origin.male]) {
        const combinations = given.length * surnames;
        expectedDistinct += combinations * (1 - Math.exp(-perGender / combinations));
      }
    }
    expect(expectedDistinct).toBeGreaterThan(40_000);
  });
});

describe('demo faces and picture files', () => {
  it('shows one face per person: every actor has a look of their own, the same on all their pictures', () => {
    const looks = new Set<string>();
    for (const actor of fixture.actor_profiles) {
      const own = new Set(actor.pictures!.map((p) => lookOf(p.url)));
      expect(own.size).toBe(1);
      looks.add([...own][0]!);
    }
    expect(looks.size).toBeGreaterThan(actorCount * 0.97);
  });

  it('names every picture file uniquely across the whole directory', () => {
    const names = new Set<string>();
    let files = 0;
    for (const profile of [...fixture.actor_profiles, ...fixture.crew_profiles]) {
      for (const picture of profile.pictures!) {
        for (const url of Object.values(picture.versions as Record<string, string>)) {
          files++;
          names.add(url.slice(url.lastIndexOf('/') + 1));
        }
      }
    }
    expect(files).toBeGreaterThan(actorCount * 5);
    expect(names.size).toBe(files);
  });

  it('paints what the profile says: bald heads bald, hair and eye colours as listed', () => {
    // The look's digits (portraitLook.ts), by the English keys and the provider's German slugs.
    const hairDigit = ['black', 'dark_brown', 'brown', 'light_brown', 'dark_blond', 'blond', 'light_blond', 'red', 'auburn', 'grey', 'salt_and_pepper', 'white'];
    const hairOf: Record<string, string> = { schwarz: 'black', dunkelbraun: 'dark_brown', braun: 'brown', hellbraun: 'light_brown', dunkelblond: 'dark_blond', hellblond: 'light_blond', rot: 'red', rotbraun: 'auburn', grau: 'grey', 'grau-meliert': 'salt_and_pepper', weiss: 'white' };
    const eyeDigit = ['brown', 'dark_brown', 'hazel', 'green', 'blue', 'grey', 'blue_grey', 'grey_green'];
    const eyeOf: Record<string, string> = { braun: 'brown', dunkelbraun: 'dark_brown', haselnussbraun: 'hazel', grun: 'green', blau: 'blue', grau: 'grey', blaugrau: 'blue_grey', graugrun: 'grey_green' };
    let checked = 0;
    for (const actor of fixture.actor_profiles) {
      const look = lookOf(actor.pictures![0]!.url)!;
      if (actor.hair_length === 'bald' || actor.hair_length === 'glatze') expect(look[2], `${actor.id} bald`).toBe('0');
      const hair = hairOf[actor.hair_color!] ?? actor.hair_color!;
      if (hairDigit.includes(hair)) {
        expect(hairDigit[parseInt(look[1]!, 16)], `${actor.id} hair`).toBe(hair);
        checked++;
      }
      const eyes = eyeOf[actor.eye_color!] ?? actor.eye_color!;
      if (eyeDigit.includes(eyes)) expect(eyeDigit[parseInt(look[3]!, 16)], `${actor.id} eyes`).toBe(eyes);
    }
    expect(checked).toBeGreaterThan(actorCount / 2);
  });
});

describe('demo texts', () => {
  /** How each locale's about-me text begins (aboutMe.ts writes the intro in the locale's own words). */
  const intros: Record<string, RegExp> = {
    en: /^I am /, de: /^Ich bin /, fr: /^Je m’appelle /, it: /^Sono /, es: /^Soy /, pl: /^Nazywam się /, tr: /^Ben /, uk: /^Мене звати /,
  };
  // Language keys as ISO 639-2 codes or the provider's German slugs share their first three letters.
  const localeOf: Record<string, string> = { eng: 'en', deu: 'de', fra: 'fr', ita: 'it', spa: 'es', pol: 'pl', tur: 'tr', ukr: 'uk' };

  it('writes about-me texts in the language each locale claims, and only in languages the person speaks', () => {
    let texts = 0;
    for (const profile of [...fixture.actor_profiles, ...fixture.crew_profiles]) {
      const aboutMe = profile.about_me as Record<string, string> | null;
      if (!aboutMe) continue;
      const spoken = new Set(Object.keys(profile.languages ?? {}).map((key) => localeOf[key.slice(0, 3)] ?? key));
      for (const [locale, text] of Object.entries(aboutMe)) {
        texts++;
        expect(text, `${profile.id} ${locale}`).toMatch(intros[locale]!);
        expect(spoken.has(locale), `${profile.id} writes ${locale} without speaking it`).toBe(true);
      }
      if (aboutMe.en) expect(aboutMe.en).not.toMatch(/\b(und|ich|seit|Jahren)\b/);
    }
    expect(texts).toBeGreaterThan(actorCount);
  });

  it('writes each vita in one language: English titles and notes for English-speaking origins, German ones otherwise', () => {
    const english = new Set([...englishVita.filmTitles, ...englishVita.seriesTitles, ...englishVita.plays.map((p) => p.title)]);
    const german = new Set([...filmTitles, ...seriesTitles, ...plays.map((p) => p.title)]);
    let englishVitas = 0;
    for (const actor of fixture.actor_profiles) {
      const vita = actor.vita!;
      const credits = [...(vita.film ?? []), ...(vita.television ?? []), ...(vita.theatre ?? [])];
      for (const credit of credits) expect(english.has(credit.name) || german.has(credit.name), credit.name).toBe(true);
      // Titles only one language has, and notes in either language, never meet in one vita.
      const onlyEnglish = credits.some((c) => english.has(c.name) && !german.has(c.name));
      const onlyGerman = credits.some((c) => german.has(c.name) && !english.has(c.name));
      const notes = credits.map((c) => c.info ?? '').join(' ');
      const englishNotes = /Production:|Broadcaster:|Directed by/.test(notes);
      const germanNotes = /Produktion:|Sender:|Regie:/.test(notes);
      expect(onlyEnglish && onlyGerman, `${actor.id} mixes English and German titles`).toBe(false);
      expect((onlyEnglish || englishNotes) && (onlyGerman || germanNotes), `${actor.id} mixes languages`).toBe(false);
      if (onlyEnglish) {
        englishVitas++;
        expect(actor.nationalities!.some((n) => ['GB', 'IE', 'US'].includes(n))).toBe(true);
      }
    }
    expect(englishVitas).toBeGreaterThan(50);
  });

  it('writes each casting call in one language, with a title, format and casting type that fit its kind', () => {
    const calls = fixture.casting_calls;
    const byLanguage = { de: 0, en: 0 };
    for (const call of calls) {
      const kind = productionKinds.find((k) => k.format === call.production_format);
      expect(kind, `${call.id} format ${call.production_format}`).toBeDefined();
      const language = (['de', 'en'] as const).find((lang) => kind!.descriptions[lang].includes(call.description!));
      expect(language, `${call.id} description`).toBeDefined();
      byLanguage[language!]++;
      const title = kind!.titles[language!].find((t) => call.name === t || call.name === `${t} (${kind!.label[language!]})`);
      expect(title, `${call.id} "${call.name}" is a ${kind!.format} title in ${language}`).toBeDefined();
      expect(kind!.castingTypes).toContain(call.casting_type);
      // A kind word in the title is always this call's own kind.
      for (const other of productionKinds.filter((k) => k !== kind)) expect(call.name).not.toContain(`(${other.label[language!]})`);
    }
    expect(byLanguage.de).toBeGreaterThan(0);
    expect(byLanguage.en).toBeGreaterThan(0);
  });

  it('spreads deadlines: some calls current and some not, roles with own open, own closed and inherited deadlines', () => {
    const at = now.getTime();
    const open = (deadline: string | null | undefined) => deadline == null || new Date(deadline).getTime() >= at;
    const publicCalls = fixture.casting_calls.filter((c) => c.visibility === 'public');
    const current = publicCalls.filter((call) => {
      const roles = call.roles.filter((r) => r.active !== false && !r.deleted);
      return roles.length === 0 ? open(call.deadline) : roles.some((r) => open(r.deadline ?? call.deadline));
    });
    expect(current.length).toBeGreaterThan(publicCalls.length * 0.3);
    expect(current.length).toBeLessThan(publicCalls.length * 0.9);
    const roles = fixture.casting_calls.flatMap((c) => c.roles.map((r) => ({ role: r, call: c })));
    expect(roles.filter(({ role }) => role.deadline === null).length).toBeGreaterThan(roles.length * 0.2);
    expect(roles.filter(({ role }) => role.deadline !== null && open(role.deadline)).length).toBeGreaterThan(roles.length * 0.1);
    expect(roles.filter(({ role }) => role.deadline !== null && !open(role.deadline)).length).toBeGreaterThan(roles.length * 0.1);
    // An open role of a call that closes later never outlives its call.
    for (const { role, call } of roles) {
      if (role.deadline && open(role.deadline) && call.deadline && open(call.deadline)) expect(new Date(role.deadline).getTime()).toBeLessThanOrEqual(new Date(call.deadline).getTime() + 86_400_000);
    }
  });
});

describe('demo crops', () => {
  it('keep the painted head whole, as an actor\'s chosen crop does: exports and contact sheets show the crop', () => {
    const cropped = [...fixture.actor_profiles, ...fixture.crew_profiles]
      .flatMap((profile) => profile.pictures ?? [])
      .filter((picture) => picture.crop_coordinates);
    expect(cropped.length).toBeGreaterThan(1000);
    const cutting = cropped.filter((picture) => {
      const crop = picture.crop_coordinates!;
      const [width, height] = picture.dimensions!;
      const head = portraitHeadBox(decodeLook(lookOf(picture.url)!)!, picture.id, width, height);
      const inside = crop.x >= 0 && crop.y >= 0 && crop.x + crop.w <= width && crop.y + crop.h <= height;
      const holdsHead = crop.x <= head.x0 && crop.y <= head.y0 && crop.x + crop.w >= head.x1 && crop.y + crop.h >= head.y1;
      return !(inside && holdsHead && crop.w === crop.h);
    });
    expect(cutting.map((picture) => picture.id)).toEqual([]);
  });
});
