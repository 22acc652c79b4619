/**
 * A label set (an entry's colours or tags) changed by the user on the labels the screen showed
 * (`base` → `ours`) while what is stored became `theirs` (a colleague's label arrived): `theirs`
 * with the user's removals and additions, so the colleague's label stays. The same rule the list's
 * document applies (sync/officeLocalEdits.ts editLabelSet, with the same functions); this one merges a change the user made
 * on labels shown before a colleague's change reached the rows.
 */

/** Whether two lists hold the same items in the same order. */
export function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** What the user did to a label set: the labels taken off, and those put on (in the order shown). */
export interface LabelChange<Label extends string> {
  removed: ReadonlySet<Label>;
  added: readonly Label[];
}

export function labelChange<Label extends string>(base: readonly Label[], ours: readonly Label[]): LabelChange<Label> {
  return { removed: new Set(base.filter((label) => !ours.includes(label))), added: ours.filter((label) => !base.includes(label)) };
}

/** `theirs` without the labels the change took off, then the labels it put on, each once. */
export function applyLabelChange<Label extends string>(theirs: readonly Label[], { removed, added }: LabelChange<Label>): Label[] {
  return [...new Set([...theirs.filter((label) => !removed.has(label)), ...added])];
}

/** `theirs` without the labels the user removed, then the labels they added; `ours` as it is when nothing changed meanwhile. */
export function mergeLabels<Label extends string>(base: readonly Label[], ours: readonly Label[], theirs: readonly Label[]): Label[] {
  if (sameItems(base, theirs)) return [...ours];
  return applyLabelChange(theirs, labelChange(base, ours));
}
