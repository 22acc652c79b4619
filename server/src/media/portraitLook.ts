/**
 * What a generated portrait shows, as a short code that travels in the picture's file name
 * (`<id>-<look>-<version>.png`): the media route renders any picture from its URL alone, and every
 * picture of one person shows the same face. Twelve hex digits: skin tone, hair colour, hair
 * style, eye colour, age group, presentation, facial hair, glasses (one digit each) and a 16-bit
 * face seed for everything else (proportions, expression, clothes).
 */
import { hashId } from './pictureGeometry.ts';

export const skinTones = 10;
export const hairColors = ['black', 'dark_brown', 'brown', 'light_brown', 'dark_blond', 'blond', 'light_blond', 'red', 'auburn', 'grey', 'salt_and_pepper', 'white'] as const;
export const hairStyles = ['bald', 'buzz', 'short', 'side_part', 'curly_short', 'bob', 'long', 'long_wavy', 'bun', 'afro', 'receding', 'shoulder'] as const;
export const eyeColors = ['brown', 'dark_brown', 'hazel', 'green', 'blue', 'grey', 'blue_grey', 'grey_green'] as const;
export const ageGroups = ['child', 'teen', 'young', 'adult', 'middle', 'senior'] as const;
export const presentations = ['feminine', 'masculine', 'androgynous'] as const;
export const facialHairs = ['none', 'stubble', 'moustache', 'beard'] as const;

export type HairColor = (typeof hairColors)[number];
export type HairStyle = (typeof hairStyles)[number];
export type EyeColor = (typeof eyeColors)[number];
export type AgeGroup = (typeof ageGroups)[number];
export type Presentation = (typeof presentations)[number];
export type FacialHair = (typeof facialHairs)[number];

export interface PortraitLook {
  /** 0 (lightest) … 9 (darkest). */
  skin: number;
  hairColor: HairColor;
  hairStyle: HairStyle;
  eyeColor: EyeColor;
  age: AgeGroup;
  presentation: Presentation;
  facialHair: FacialHair;
  glasses: boolean;
  /** 0 … 65535: proportions, expression, clothes. */
  seed: number;
}

export const lookCodePattern = /^[0-9a-f]{12}$/;

/** The twelve-digit code of a look (see the module doc). */
export function encodeLook(look: PortraitLook): string {
  const digits = [
    look.skin,
    hairColors.indexOf(look.hairColor),
    hairStyles.indexOf(look.hairStyle),
    eyeColors.indexOf(look.eyeColor),
    ageGroups.indexOf(look.age),
    presentations.indexOf(look.presentation),
    facialHairs.indexOf(look.facialHair),
    look.glasses ? 1 : 0,
  ];
  if (digits.some((d) => d < 0 || d > 15) || look.skin >= skinTones) throw new Error(`encodeLook: not a look: ${JSON.stringify(look)}`);
  return digits.map((d) => d.toString(16)).join('') + (look.seed & 0xffff).toString(16).padStart(4, '0');
}

function pickDigit<T>(list: readonly T[], digit: number): T | undefined {
  return list[digit];
}

/** The look of a code, or undefined when the code names no look (a hand-made URL). */
export function decodeLook(code: string): PortraitLook | undefined {
  if (!lookCodePattern.test(code)) return undefined;
  const d = [...code.slice(0, 8)].map((c) => parseInt(c, 16));
  const hairColor = pickDigit(hairColors, d[1]!);
  const hairStyle = pickDigit(hairStyles, d[2]!);
  const eyeColor = pickDigit(eyeColors, d[3]!);
  const age = pickDigit(ageGroups, d[4]!);
  const presentation = pickDigit(presentations, d[5]!);
  const facialHair = pickDigit(facialHairs, d[6]!);
  if (d[0]! >= skinTones || !hairColor || !hairStyle || !eyeColor || !age || !presentation || !facialHair || d[7]! > 1) return undefined;
  return { skin: d[0]!, hairColor, hairStyle, eyeColor, age, presentation, facialHair, glasses: d[7] === 1, seed: parseInt(code.slice(8), 16) };
}

/** A look chosen by a number alone: for pictures whose URL carries no look (the older `<version>.png`). */
export function lookFromNumber(value: number): PortraitLook {
  let state = hashId(value);
  const next = (n: number): number => {
    state = hashId(state + 0x9e3779b9);
    return state % n;
  };
  const presentation = presentations[next(10) < 5 ? 0 : next(10) < 9 ? 1 : 2]!;
  const age = ageGroups[next(ageGroups.length)]!;
  const styles: HairStyle[] = presentation === 'feminine' ? ['bob', 'long', 'long_wavy', 'bun', 'shoulder', 'curly_short', 'afro'] : ['short', 'side_part', 'buzz', 'curly_short', 'receding', 'bald', 'shoulder'];
  return {
    skin: next(skinTones),
    hairColor: age === 'senior' ? (['grey', 'white', 'salt_and_pepper'] as const)[next(3)]! : hairColors[next(9)]!,
    hairStyle: styles[next(styles.length)]!,
    eyeColor: eyeColors[next(eyeColors.length)]!,
    age,
    presentation,
    facialHair: presentation === 'masculine' && age !== 'child' && age !== 'teen' ? facialHairs[next(4)]! : 'none',
    glasses: next(5) === 0,
    seed: next(0x10000),
  };
}
