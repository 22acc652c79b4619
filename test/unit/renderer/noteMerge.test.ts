/**
 * A note typed on an older text than the one stored (a colleague typed into it meanwhile) is
 * merged with the stored one: both edits apply, and nothing either typed is lost, wherever they
 * typed. The caret moves along with the text around it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapCaret, mergeNote, textSplice, type TextSplice } from '../../../renderer/src/shortlists/noteMerge.ts';

const applied = (text: string, { at, deleteCount, insert }: TextSplice) => text.slice(0, at) + insert + text.slice(at + deleteCount);

/** A text and one splice of it, as a user makes it (typing, deleting, replacing a selection). */
const textAndSplice = fc
  .tuple(fc.string({ unit: fc.constantFrom('a', 'b', ' '), maxLength: 12 }), fc.nat(), fc.nat(), fc.string({ unit: fc.constantFrom('a', 'b', 'X', 'Y'), maxLength: 5 }))
  .map(([text, at, length, insert]) => {
    const start = at % (text.length + 1);
    return { text, splice: { at: start, deleteCount: length % (text.length - start + 1), insert } };
  });

describe('textSplice', () => {
  it('is the one change between two texts, their common start and end left out', () => {
    expect(textSplice('Ben: ', 'Ben: Lea')).toEqual({ at: 5, deleteCount: 0, insert: 'Lea' });
    expect(textSplice('in May', 'in June')).toEqual({ at: 3, deleteCount: 3, insert: 'June' });
    expect(textSplice('aa', 'aaa')).toEqual({ at: 2, deleteCount: 0, insert: 'a' });
    expect(textSplice('tall', 'tall')).toEqual({ at: 4, deleteCount: 0, insert: '' });
  });

  it('turns the one text into the other, whatever they are', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (from, to) => {
        expect(applied(from, textSplice(from, to))).toBe(to);
      }),
    );
  });
});

describe('mergeNote', () => {
  it('a letter typed on the note as it was before a colleague\'s text came keeps that text', () => {
    expect(mergeNote('Ben: ', 'Ben: x', 'Ben: Lea: available in March.')).toBe('Ben: xLea: available in March.');
  });

  it('two people typing at once into an empty note: both texts, each whole, the typist\'s first', () => {
    expect(mergeNote('', 'AAAA aaaa AAAA', 'BBBB bbbb BBBB')).toBe('AAAA aaaa AAAABBBB bbbb BBBB');
  });

  it('edits of separate places both apply', () => {
    expect(mergeNote('tall, dialect', 'very tall, dialect', 'tall, dialect (Bavarian)')).toBe('very tall, dialect (Bavarian)');
    expect(mergeNote('tall, dialect', 'tall, dialect (Bavarian)', 'very tall, dialect')).toBe('very tall, dialect (Bavarian)');
  });

  it('edits of one place keep the typist\'s version of it and what the colleague typed there', () => {
    expect(mergeNote('available in May', 'available in June', 'available from April')).toBe('available in Junefrom April');
  });

  it('an unchanged side takes the other\'s text', () => {
    expect(mergeNote('tall', 'tall', 'tall, dialect')).toBe('tall, dialect');
    expect(mergeNote('tall', 'tall, dialect', 'tall')).toBe('tall, dialect');
    expect(mergeNote('tall', 'short', 'short')).toBe('short');
  });

  it('keeps every character either typed, and makes both edits when they touch separate places', () => {
    fc.assert(
      fc.property(textAndSplice, fc.nat(), fc.nat(), fc.string({ unit: fc.constantFrom('a', 'b', 'X', 'Y'), maxLength: 5 }), ({ text: base, splice: ours }, at, length, insert) => {
        const otherAt = at % (base.length + 1);
        const other = { at: otherAt, deleteCount: length % (base.length - otherAt + 1), insert };
        const mine = applied(base, ours);
        const theirs = applied(base, other);
        const merged = mergeNote(base, mine, theirs);
        // What each typed, as the merge sees it: the one change each made to the base.
        expect(merged).toContain(textSplice(base, mine).insert);
        expect(merged).toContain(textSplice(base, theirs).insert);
        const [left, right] = [textSplice(base, mine), textSplice(base, theirs)].sort((a, b) => a.at - b.at);
        if (left!.at + left!.deleteCount < right!.at) expect(merged).toBe(applied(applied(base, right!), left!));
      }),
    );
  });
});

describe('mapCaret', () => {
  const insertion = { at: 5, deleteCount: 0, insert: 'Lea ' };
  it('stays before a change and at the place of an insertion, moves along after it', () => {
    expect(mapCaret(2, insertion)).toBe(2);
    expect(mapCaret(5, insertion)).toBe(5);
    expect(mapCaret(9, insertion)).toBe(13);
  });

  it('inside replaced text goes to the end of what replaced it', () => {
    const replacement = { at: 3, deleteCount: 3, insert: 'June' };
    expect(mapCaret(4, replacement)).toBe(7);
    expect(mapCaret(6, replacement)).toBe(7);
    expect(mapCaret(8, replacement)).toBe(9);
  });

  it('keeps the caret on the same character of the text around the change', () => {
    fc.assert(
      fc.property(textAndSplice, fc.nat(), ({ text, splice }, caret) => {
        const position = caret % (text.length + 1);
        const moved = mapCaret(position, splice);
        const after = applied(text, splice);
        if (position <= splice.at) expect(after.slice(0, moved)).toBe(text.slice(0, position));
        else if (position >= splice.at + splice.deleteCount) expect(after.slice(moved)).toBe(text.slice(position));
        else expect(moved).toBe(splice.at + splice.insert.length);
      }),
    );
  });
});
