/**
 * The rows of a comparison of actors' profiles: acting age, height, languages, dialects, skills,
 * agencies and recent credits, each cell as items with what they read and what they mean (see
 * compareValues.ts), marked where the actors really differ.
 */
import { computed, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { CompareActor } from '../../stores/compare.ts';
import type { MessageKey } from '../../i18n/en.ts';
import { useLabelsStore } from '../../stores/labels.ts';
import { alignCells, cellsDiffer, nameToken, numberToken, type AlignedItem, type CompareCellValue, type CompareItem } from './compareValues.ts';

export interface CompareRow {
  key: string;
  /** The i18n key of the row's name. */
  text: MessageKey;
  cells: (AlignedItem[] | null)[];
  differs: boolean;
}

type LevelCatalogue = 'language_levels' | 'skill_levels' | 'dialect_skill';

export function useCompareRows(actors: Ref<readonly CompareActor[]>) {
  const labels = useLabelsStore();
  const { t } = useI18n();

  function levelItems(entries: Record<string, string>, catalogue: string, levelCatalogue: LevelCatalogue): CompareItem[] {
    return Object.entries(entries).map(([key, level]) => {
      const name = labels.label(catalogue, key);
      return {
        text: level ? t('compare.withLevel', { name, level: labels.label(levelCatalogue, level) }) : name,
        token: `${nameToken(key)}:${nameToken(level)}`,
      };
    });
  }
  function withoutKeys(entries: Record<string, string>, keys: readonly string[]): Record<string, string> {
    return Object.fromEntries(Object.entries(entries).filter(([key]) => !keys.includes(key)));
  }
  function keyItems(keys: string[], catalogue: string): CompareItem[] {
    return keys.map((key) => ({ text: labels.label(catalogue, key), token: nameToken(key) }));
  }

  const creditGroupTexts = {
    film: 'compare.creditGroups.film',
    television: 'compare.creditGroups.television',
    theatre: 'compare.creditGroups.theatre',
  } as const satisfies Record<CompareActor['credits'][number]['group'], MessageKey>;

  function creditItems(actor: CompareActor): CompareCellValue {
    if (!actor.hasDetail) return null;
    return actor.credits.map((credit) => {
      const group = t(creditGroupTexts[credit.group]);
      const base = credit.year !== null ? t('compare.credit', { year: credit.year, group, name: credit.name }) : t('compare.creditNoYear', { group, name: credit.name });
      const extras = [credit.role ? t('compare.creditRole', { role: credit.role }) : '', credit.inDevelopment ? t('compare.inDevelopment') : ''].filter(Boolean);
      return {
        text: extras.length > 0 ? `${base} (${extras.join(', ')})` : base,
        token: [credit.group, credit.year ?? '', nameToken(credit.name), nameToken(credit.role ?? ''), credit.inDevelopment].join('|'),
      };
    });
  }

  const definitions: { key: string; text: MessageKey; cell: (actor: CompareActor) => CompareCellValue; keepOrder?: boolean }[] = [
    {
      key: 'actingAge',
      text: 'compare.rows.actingAge',
      cell: (actor) => {
        const from = actor.actingAgeFrom ?? actor.actingAgeTo;
        const to = actor.actingAgeTo ?? actor.actingAgeFrom;
        return from === null || to === null ? null : [{ text: t('compare.actingAgeRange', { from, to }), token: `${numberToken(from)}-${numberToken(to)}` }];
      },
    },
    {
      key: 'height',
      text: 'compare.rows.height',
      cell: (actor) => (actor.height === null ? null : [{ text: t('compare.heightValue', { height: actor.height }), token: numberToken(actor.height) }]),
    },
    {
      key: 'languages',
      text: 'compare.rows.languages',
      cell: (actor) => {
        const items = levelItems(actor.languages, 'languages', 'language_levels');
        return items.length === 0 && !actor.hasDetail ? null : items;
      },
    },
    {
      key: 'dialects',
      text: 'compare.rows.dialects',
      cell: (actor) =>
        actor.hasDetail
          ? [
              // With the level the directory gave it, it reads like a native language ("Deutsch (Muttersprachlich)").
              ...actor.nativeDialects.map((key) => {
                const name = labels.label('dialects', key);
                const level = actor.dialects[key];
                return { text: level ? t('compare.withLevel', { name, level: labels.label('dialect_skill', level) }) : t('compare.nativeDialect', { name }), token: `${nameToken(key)}:native` };
              }),
              // A native dialect is also in `dialects` (at the native level): listed once, as native.
              ...levelItems(withoutKeys(actor.dialects, actor.nativeDialects), 'dialects', 'dialect_skill'),
            ]
          : null,
    },
    { key: 'instruments', text: 'compare.rows.instruments', cell: (actor) => (actor.hasDetail ? levelItems(actor.levelSkills.instruments, 'instruments', 'skill_levels') : null) },
    { key: 'dances', text: 'compare.rows.dances', cell: (actor) => (actor.hasDetail ? levelItems(actor.levelSkills.dances, 'dances', 'skill_levels') : null) },
    { key: 'singing', text: 'compare.rows.singing', cell: (actor) => (actor.hasDetail ? levelItems(actor.levelSkills.singing, 'singing', 'skill_levels') : null) },
    { key: 'sports', text: 'compare.rows.sports', cell: (actor) => (actor.hasDetail ? keyItems(actor.listSkills.sports, 'sports') : null) },
    { key: 'licenses', text: 'compare.rows.licenses', cell: (actor) => (actor.hasDetail ? keyItems(actor.listSkills.licenses, 'licenses') : null) },
    { key: 'driversLicenses', text: 'compare.rows.driversLicenses', cell: (actor) => (actor.hasDetail ? keyItems(actor.listSkills.drivers_licenses, 'drivers_licenses') : null) },
    {
      key: 'agencies',
      text: 'compare.rows.agencies',
      cell: (actor) => (actor.agencies.length === 0 && !actor.hasDetail ? null : actor.agencies.map((name) => ({ text: name, token: nameToken(name) }))),
    },
    { key: 'credits', text: 'compare.rows.credits', cell: creditItems, keepOrder: true },
  ];

  return computed<CompareRow[]>(() =>
    definitions.map((definition) => {
      const cells = actors.value.map(definition.cell);
      return { key: definition.key, text: definition.text, cells: alignCells(cells, definition.keepOrder), differs: cellsDiffer(cells) };
    }),
  );
}
