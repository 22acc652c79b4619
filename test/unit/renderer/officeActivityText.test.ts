/**
 * A history record's changes in words, through the app's own i18n (vue-i18n with the CLDR plural
 * rules): a count takes the language's form ("3 actors", "3 актёра", "5 aktorów"), one named actor
 * is named, and a status is said in the language.
 */
import { expect, it } from 'vitest';
import { createApp, inject } from 'vue';
import type { ActivityChange } from '../../../contract/officeActivity.ts';
import { changeText, initialsOf } from '../../../renderer/src/components/shortlists/activityText.ts';
import { castdeskComposerKey, createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';

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

it('makes initials from the first and last word of a name', () => {
  expect(initialsOf('Ben Vogel')).toBe('BV');
  expect(initialsOf('lea')).toBe('L');
  expect(initialsOf('Ana María de la Cruz')).toBe('AC');
  expect(initialsOf('  ')).toBe('?');
});
