/**
 * The look of a demo person's portraits (server/src/media/portraitLook.ts), taken from what the
 * profile says (hair colour and length, eye colour, gender, age) where it says it, and drawn from
 * the person's own random stream otherwise. Catalogue keys are matched by meaning, in English or
 * in the provider's German slugs, so the mapping survives a change of the closed-list keys.
 */
import {
  encodeLook,
  type AgeGroup,
  type EyeColor,
  type FacialHair,
  type HairColor,
  type HairStyle,
  type Presentation,
} from '../media/portraitLook.ts';
import { Random } from './random.ts';

/** First match wins: more specific words before the general ones. */
const hairColorWords: [RegExp, HairColor][] = [
  [/salt|meliert/, 'salt_and_pepper'],
  [/light_?blond|hellblond|platin/, 'light_blond'],
  [/dark_?blond|dunkelblond/, 'dark_blond'],
  [/blond/, 'blond'],
  [/light_?brown|hellbraun/, 'light_brown'],
  [/dark_?brown|dunkelbraun/, 'dark_brown'],
  [/auburn|rotbraun|kupfer/, 'auburn'],
  [/brown|braun|brünett|bruenett/, 'brown'],
  [/black|schwarz/, 'black'],
  [/red|rot/, 'red'],
  [/grey|gray|grau/, 'grey'],
  [/white|weiss|weiß/, 'white'],
];
const eyeColorWords: [RegExp, EyeColor][] = [
  [/blue_?gr[ae]y|blaugrau/, 'blue_grey'],
  [/gr[ae]y_?green|graugr(ü|ue|u)n/, 'grey_green'],
  [/hazel|haselnuss/, 'hazel'],
  [/dark_?brown|dunkelbraun|black|schwarz/, 'dark_brown'],
  [/brown|braun/, 'brown'],
  [/green|gr(ü|ue|u)n/, 'green'],
  [/blue|blau/, 'blue'],
  [/gr[ae]y|grau/, 'grey'],
];

function byWords<T>(table: [RegExp, T][], key: string | null | undefined): T | undefined {
  if (!key) return undefined;
  const lower = key.toLowerCase();
  return table.find(([pattern]) => pattern.test(lower))?.[1];
}

/** Skin tones (0 lightest … 9 darkest) by name origin; everyone may have any tone, with these odds. */
const skinWeights: Record<string, number[]> = {
  default: [14, 22, 20, 12, 8, 7, 6, 5, 4, 2],
  turkish: [2, 8, 18, 26, 22, 12, 6, 3, 2, 1],
  italian: [4, 14, 24, 24, 16, 8, 4, 3, 2, 1],
  spanish: [4, 14, 24, 24, 16, 8, 4, 3, 2, 1],
  greek: [4, 12, 24, 26, 16, 8, 4, 3, 2, 1],
  scandinavian: [30, 30, 16, 8, 5, 4, 3, 2, 1, 1],
};

export interface LookFacts {
  seed: number;
  /** Which person: e.g. 'actor' and the profile's index. */
  kind: string;
  index: number;
  origin: string;
  age: number;
  presentation: Presentation;
  hairColor?: string | null;
  hairLength?: string | null;
  eyeColor?: string | null;
}

const facialHairWeights: Record<FacialHair, number> = { none: 55, stubble: 20, moustache: 5, beard: 20 };

function ageGroup(age: number): AgeGroup {
  return age < 13 ? 'child' : age < 18 ? 'teen' : age < 30 ? 'young' : age < 46 ? 'adult' : age < 62 ? 'middle' : 'senior';
}

function hairStyle(random: Random, length: string | null | undefined, presentation: Presentation, age: AgeGroup): HairStyle {
  const key = (length ?? '').toLowerCase();
  if (/bald|glatze/.test(key)) return 'bald';
  if (/very_short|sehr.?kurz/.test(key)) return random.pick(['buzz', 'short', 'curly_short'] as const);
  if (/short|kurz/.test(key)) return random.pick(presentation === 'masculine' && (age === 'middle' || age === 'senior') ? (['short', 'side_part', 'receding'] as const) : (['short', 'side_part', 'curly_short'] as const));
  if (/chin|kinn/.test(key)) return random.pick(['bob', 'curly_short', 'afro'] as const);
  if (/shoulder|schulter/.test(key)) return random.pick(['shoulder', 'bob', 'bun'] as const);
  if (/long|lang/.test(key)) return random.pick(['long', 'long_wavy', 'bun', 'afro'] as const);
  return presentation === 'feminine' ? random.pick(['long', 'long_wavy', 'bob', 'bun', 'shoulder'] as const) : random.pick(['short', 'side_part', 'buzz', 'curly_short'] as const);
}

/** The twelve-digit look code of a person's portraits (see the module doc). */
export function personLook(facts: LookFacts): string {
  const random = new Random(facts.seed, 'look', facts.kind, facts.index);
  const age = ageGroup(facts.age);
  const style = hairStyle(random, facts.hairLength, facts.presentation, age);
  const aged = facts.age >= 55 ? random.pick(['grey', 'salt_and_pepper', 'white'] as const) : random.pick(['dark_brown', 'brown', 'black', 'dark_blond', 'blond'] as const);
  const beardy = facts.presentation === 'masculine' && facts.age >= 18;
  const facialHair: FacialHair = beardy ? random.weighted<FacialHair>(facialHairWeights) : 'none';
  return encodeLook({
    skin: random.count(skinWeights[facts.origin] ?? skinWeights.default!),
    hairColor: byWords(hairColorWords, facts.hairColor) ?? aged,
    hairStyle: style,
    eyeColor: byWords(eyeColorWords, facts.eyeColor) ?? random.pick(['brown', 'blue', 'green', 'hazel', 'grey'] as const),
    age,
    presentation: facts.presentation,
    facialHair,
    glasses: random.chance(facts.age >= 45 ? 0.3 : 0.1),
    seed: random.int(0, 0xffff),
  });
}
