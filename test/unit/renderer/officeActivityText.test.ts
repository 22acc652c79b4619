/**
 * A history record's changes in words, through the app's own i18n (vue-i18n with the CLDR plural
 * rules): a count takes the language's form ("3 actors", "3 актёра", "5 aktorów"), one named actor
 * is named, and a status is said in the language.
 */
import { expect, it } from 'vitest';
import { createApp, inject } from 'vue';
import { activityChangeDetails, type ActivityChange } from '../../../contract/officeActivity.ts';
import { changeText, initialsOf } from '../../../renderer/src/components/shortlists/activityText.ts';
import { castdeskComposerKey, createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { uiLocales } from '../../../renderer/src/i18n/uiLocales.ts';

function say(locale: string, change: ActivityChange, member = 'Lea'): string {
  const app = createApp({}).use(createCastdeskI18n(locale as never));
  const { t, n } = app.runWithContext(() => inject(castdeskComposerKey))!;
  return changeText(member, change, t as never, n as never);
}

it('says each change with the count in the language’s plural form, or the one actor by name', () => {
  const toCallback = (count: number): ActivityChange => ({ kind: 'status', status: 'callback', count, names: ['Max Muster'].slice(0, count === 1 ? 1 : 0) });
  expect(say('en', toCallback(3))).toBe('Lea moved 3 actors to Callback');
  expect(say('en', toCallback(1))).toBe('Lea moved Max Muster to Callback');
  expect(say('en', { kind: 'added', count: 2, names: ['A', 'B'] }, 'Tom')).toBe('Tom added 2 actors');
  expect(say('en', { kind: 'note', count: 1, names: ['Max Muster'] }, 'Ana')).toBe('Ana changed the note on Max Muster');
  expect(say('en', { kind: 'removed', count: 1, names: [] })).toBe('Lea removed 1 actor');
  expect(say('ru', { kind: 'added', count: 3, names: ['A', 'B', 'C'] })).toBe('Lea: добавлено 3 актёра');
  expect(say('ru', { kind: 'added', count: 5, names: ['A', 'B', 'C'] })).toBe('Lea: добавлено 5 актёров');
  expect(say('pl', { kind: 'removed', count: 5, names: ['A', 'B', 'C'] })).toBe('Lea usunął(ęła) 5 aktorów');
  expect(say('de', toCallback(3))).toBe('Lea hat 3 Schauspieler:innen auf Callback gesetzt');
  // A status a newer app wrote is shown as the office has it.
  expect(say('en', { kind: 'status', status: 'shortlisted', count: 2, names: [] })).toBe('Lea moved 2 actors to shortlisted');
});

it('says whether a pick was put on or taken back, and which labels changed; a record without the detail says it as before', () => {
  const picked = (detail: string | undefined, count = 1): ActivityChange => ({ kind: 'picked', count, names: count === 1 ? ['Lina Meier'] : [], ...(detail ? { detail } : {}) });
  const labels = (detail: string | undefined, count = 2): ActivityChange => ({ kind: 'labels', count, names: count === 1 ? ['Lina Meier'] : [], ...(detail ? { detail } : {}) });
  expect(say('en', picked('on'), 'Clara')).toBe('Clara picked Lina Meier');
  expect(say('en', picked('off'), 'Clara')).toBe('Clara took back their pick on Lina Meier');
  expect(say('en', picked('off', 3), 'Clara')).toBe('Clara took back their picks on 3 actors');
  expect(say('en', labels('tagsAdded'), 'Ben')).toBe('Ben tagged 2 actors');
  expect(say('en', labels('tagsRemoved', 1), 'Ben')).toBe('Ben removed tags from Lina Meier');
  expect(say('en', labels('tags'), 'Ben')).toBe('Ben changed the tags of 2 actors');
  expect(say('en', labels('colours', 1), 'Ben')).toBe('Ben changed the colour labels of Lina Meier');
  // Records from before the detail, and a detail a newer office might send, read as they always did.
  expect(say('en', picked(undefined), 'Clara')).toBe('Clara changed their pick on Lina Meier');
  expect(say('en', labels(undefined), 'Ben')).toBe('Ben changed the labels of 2 actors');
  expect(say('en', labels('hashtags'), 'Ben')).toBe('Ben changed the labels of 2 actors');
  expect(say('de', picked('on', 3), 'Clara')).toBe('Clara hat 3 Schauspieler:innen als Favoriten markiert');
  expect(say('ru', labels('tagsAdded', 5), 'Ben')).toBe('Ben: добавлены теги 5 актёрам');
  expect(say('pl', picked('on', 2), 'Ben')).toBe('Ben wybrał(a) 2 aktorów');
  expect(say('uk', picked('off', 1), 'Ben')).toBe('Ben: скасовано вибір Lina Meier');
});

it('says every change of every detail in each of the ten languages', () => {
  const changes: ActivityChange[] = [];
  for (const [kind, details] of Object.entries(activityChangeDetails))
    for (const detail of details) for (const count of [1, 2, 5]) changes.push({ kind: kind as ActivityChange['kind'], detail, count, names: count === 1 ? ['Lina Meier'] : [] });
  for (const locale of Object.keys(uiLocales)) {
    for (const change of changes) {
      const text = say(locale, change, 'Clara');
      expect(text, `${locale} ${change.kind} ${change.detail}`).toMatch(/^Clara\b/);
      expect(text).toContain(change.count === 1 ? 'Lina Meier' : String(change.count));
      expect(text).not.toMatch(/[{}|]/);
    }
  }
});

it('makes initials from the first and last word of a name', () => {
  expect(initialsOf('Ben Vogel')).toBe('BV');
  expect(initialsOf('lea')).toBe('L');
  expect(initialsOf('Ana María de la Cruz')).toBe('AC');
  expect(initialsOf('  ')).toBe('?');
});
