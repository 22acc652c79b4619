/**
 * The lines a change of the history reads as ("2 new pictures", "Acting age: 25–35 → 25–40"), in
 * the UI language, closed-list keys named by their catalogues in the content language.
 */
import type { MessageKey } from '../../i18n/en.ts';
import type { AgeRange, CreditRef, LevelChange, LevelledRef, ProfileChange } from '../../history/profileDiff.ts';

export interface ChangeTexts {
  t(key: MessageKey, values?: Record<string, unknown>, plural?: number): string;
  /** A height in the UI language ("178 cm"). */
  centimetres(value: number): string;
  /** A closed-list key's label. */
  label(catalogue: string, key: string): string;
}

/** Which catalogue labels a key of a history catalogue, and which one its levels. */
const catalogueOf: Record<string, { names: string; levels: string }> = {
  languages: { names: 'languages', levels: 'language_levels' },
  dialects: { names: 'dialects', levels: 'dialect_skill' },
  native_dialects: { names: 'dialects', levels: 'dialect_skill' },
  accents: { names: 'accents', levels: 'accent_skill' },
};
const skillLevels = 'skill_levels';

function levelled(texts: ChangeTexts, ref: LevelledRef): string {
  const catalogue = catalogueOf[ref.catalogue] ?? { names: ref.catalogue, levels: skillLevels };
  const name = texts.label(catalogue.names, ref.key);
  return ref.level ? texts.t('history.change.withLevel', { name, level: texts.label(catalogue.levels, ref.level) }) : name;
}

function levelChange(texts: ChangeTexts, change: LevelChange): string {
  const catalogue = catalogueOf[change.catalogue] ?? { names: change.catalogue, levels: skillLevels };
  const level = (value: string | null) => (value ? texts.label(catalogue.levels, value) : texts.t('history.change.unknown'));
  return texts.t('history.change.levelChange', { name: texts.label(catalogue.names, change.key), from: level(change.from), to: level(change.to) });
}

function credit(texts: ChangeTexts, ref: CreditRef): string {
  if (ref.year !== null && ref.role) return texts.t('history.change.creditYearRole', { title: ref.name, year: ref.year, role: ref.role });
  if (ref.year !== null) return texts.t('history.change.creditYear', { title: ref.name, year: ref.year });
  if (ref.role) return texts.t('history.change.creditRole', { title: ref.name, role: ref.role });
  return ref.name;
}

function ageRange(texts: ChangeTexts, range: AgeRange): string {
  if (range.from === null && range.to === null) return texts.t('history.change.unknown');
  return texts.t('history.change.ageRange', { from: range.from ?? range.to, to: range.to ?? range.from });
}

const levelledKeys = {
  languages: { added: 'history.change.languagesAdded', removed: 'history.change.languagesRemoved', changed: 'history.change.languagesChanged' },
  skills: { added: 'history.change.skillsAdded', removed: 'history.change.skillsRemoved', changed: 'history.change.skillsChanged' },
} as const satisfies Record<string, Record<string, MessageKey>>;

/** The lines that say what `change` is. */
export function changeLines(change: ProfileChange, texts: ChangeTexts): string[] {
  const { t } = texts;
  switch (change.field) {
    case 'mainPicture':
      return [t('history.change.mainPicture')];
    case 'pictures':
      return [
        ...(change.added.length > 0 ? [t('history.change.picturesAdded', { count: change.added.length }, change.added.length)] : []),
        ...(change.removed.length > 0 ? [t('history.change.picturesRemoved', { count: change.removed.length }, change.removed.length)] : []),
      ];
    case 'credits':
      return [
        ...change.added.map((ref) => t('history.change.creditAdded', { credit: credit(texts, ref) })),
        ...change.removed.map((ref) => t('history.change.creditRemoved', { credit: credit(texts, ref) })),
      ];
    case 'agencies': {
      const name = (agency: { id: number; name: string | null }) => agency.name ?? t('history.change.agencyUnnamed', { id: agency.id });
      return [
        ...change.added.map((agency) => t('history.change.agencyAdded', { agency: name(agency) })),
        ...change.removed.map((agency) => t('history.change.agencyRemoved', { agency: name(agency) })),
      ];
    }
    case 'agent': {
      const none = t('history.change.agentNone');
      return [t('history.change.agent', { from: change.from?.name ?? none, to: change.to?.name ?? none })];
    }
    case 'actingAge':
      return [t('history.change.actingAge', { from: ageRange(texts, change.from), to: ageRange(texts, change.to) })];
    case 'height': {
      const height = (value: number | null) => (value === null ? t('history.change.unknown') : texts.centimetres(value));
      return [t('history.change.height', { from: height(change.from), to: height(change.to) })];
    }
    case 'languages':
    case 'skills': {
      const keys = levelledKeys[change.field];
      return [
        ...(change.added.length > 0 ? [t(keys.added, { list: change.added.map((ref) => levelled(texts, ref)).join(', ') })] : []),
        ...(change.removed.length > 0 ? [t(keys.removed, { list: change.removed.map((ref) => levelled(texts, ref)).join(', ') })] : []),
        ...(change.changed.length > 0 ? [t(keys.changed, { list: change.changed.map((item) => levelChange(texts, item)).join(', ') })] : []),
      ];
    }
    case 'showreels':
      return [
        ...(change.added.length > 0 ? [t('history.change.showreelsAdded', { count: change.added.length }, change.added.length)] : []),
        ...(change.removed.length > 0 ? [t('history.change.showreelsRemoved', { count: change.removed.length }, change.removed.length)] : []),
      ];
    case 'aboutMe':
      return [t('history.change.aboutMe')];
  }
}
