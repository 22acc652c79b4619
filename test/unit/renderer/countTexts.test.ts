import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent } from 'vue';
import { createCastdeskI18n, type SupportedLocale } from '../../../renderer/src/i18n/index.ts';
import { useCountTexts } from '../../../renderer/src/i18n/useCountTexts.ts';

/**
 * The count texts with the app's real messages and plural rules (issue 14, item 6): ages and
 * library counts in German, Polish and Russian take the form CLDR gives for each number, and
 * the number itself comes in the language's format.
 */
function countTexts(locale: SupportedLocale): ReturnType<typeof useCountTexts> {
  let texts: ReturnType<typeof useCountTexts> | undefined;
  mount(
    defineComponent({
      setup() {
        texts = useCountTexts();
        return () => null;
      },
    }),
    { global: { plugins: [createCastdeskI18n(locale)] } },
  ).unmount();
  if (!texts) throw new Error('useCountTexts did not run');
  return texts;
}

describe('Ages in years', () => {
  it('in German: one | other', () => {
    const { ageInYears } = countTexts('de');
    expect([1, 2, 21, 45].map(ageInYears)).toEqual(['1 Jahr', '2 Jahre', '21 Jahre', '45 Jahre']);
  });

  it('in Polish: one | few | many (12 to 14 many, 22 to 24 few, 21 many)', () => {
    const { ageInYears } = countTexts('pl');
    expect([1, 2, 4, 5, 12, 14, 21, 22, 24, 25].map(ageInYears)).toEqual([
      '1 rok', '2 lata', '4 lata', '5 lat', '12 lat', '14 lat', '21 lat', '22 lata', '24 lata', '25 lat',
    ]);
  });

  it('in Russian: one | few | many (21 and 31 one, 11 many)', () => {
    const { ageInYears } = countTexts('ru');
    expect([1, 21, 31, 2, 23, 5, 11, 14, 25].map(ageInYears)).toEqual([
      '1 год', '21 год', '31 год', '2 года', '23 года', '5 лет', '11 лет', '14 лет', '25 лет',
    ]);
  });
});

describe('Library counts', () => {
  it('give each noun its own form and the number its group separator', () => {
    expect(countTexts('de').libraryCounts({ actors: 1, crew: 2040, castingCalls: undefined })).toEqual({
      actors: '1 Schauspielprofil',
      crew: '2.040 Crew-Profile',
      castingCalls: '…',
    });
    const polish = countTexts('pl').libraryCounts({ actors: 50_000, crew: 3, castingCalls: 22 });
    expect(polish.actors).toMatch(/^50\s000 aktorów$/u);
    expect(polish.crew).toBe('3 profile członków ekipy');
    expect(polish.castingCalls).toBe('22 ogłoszenia castingowe');
    expect(countTexts('ru').libraryCounts({ actors: 21, crew: 1, castingCalls: 11 })).toEqual({
      actors: '21 актёр',
      crew: '1 профиль съёмочной группы',
      castingCalls: '11 кастингов',
    });
  });
});
