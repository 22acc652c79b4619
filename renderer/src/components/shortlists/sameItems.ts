/** Whether two lists hold the same items in the same order (a change waiting for the store is stored). */
export function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
