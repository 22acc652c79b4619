/**
 * When a comparison row differs, and how its values line up. Each shown item carries a token of
 * what it means, not how it reads: numbers as numbers, names without case or extra spaces, keys
 * of closed lists as keys. A row differs only when the known cells hold different sets of tokens
 * (the order in a cell never counts); a cell not known does not count at all.
 */

export interface CompareItem {
  text: string;
  token: string;
}

/** One shown item; `shared`: every known cell of its row holds it. */
export interface AlignedItem extends CompareItem {
  shared: boolean;
}

/** null: not known; []: known to be none. */
export type CompareCellValue = CompareItem[] | null;

/** A word or name as compared: Unicode-normalised, lower case, single spaces. */
export function nameToken(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/** A number as compared: 180, 180.0 and '180' are one value. */
export function numberToken(value: number | string): string {
  const number = Number(value);
  return Number.isFinite(number) ? String(number) : nameToken(String(value));
}

function tokenSet(cell: CompareItem[]): string {
  return JSON.stringify([...new Set(cell.map((item) => item.token))].sort());
}

/** Whether the known cells hold different values. */
export function cellsDiffer(cells: readonly CompareCellValue[]): boolean {
  const known = cells.filter((cell): cell is CompareItem[] => cell !== null);
  return new Set(known.map(tokenSet)).size > 1;
}

/**
 * The cells with their items lined up across the row: what every known cell holds comes first, in
 * the first cell's order, so the same value stands at the same height in each column; `keepOrder`
 * leaves a list whose order means something (newest credit first) as it is.
 */
export function alignCells(cells: readonly CompareCellValue[], keepOrder = false): (AlignedItem[] | null)[] {
  const known = cells.filter((cell): cell is CompareItem[] => cell !== null);
  const everywhere = new Set(known.length < 2 ? [] : known[0]!.map((item) => item.token).filter((token) => known.every((cell) => cell.some((item) => item.token === token))));
  const order = known[0]?.map((item) => item.token) ?? [];
  return cells.map((cell) => {
    if (cell === null) return null;
    const items = cell.map((item) => ({ ...item, shared: everywhere.has(item.token) }));
    if (keepOrder) return items;
    const sharedFirst = items.filter((item) => item.shared).sort((a, b) => order.indexOf(a.token) - order.indexOf(b.token));
    return [...sharedFirst, ...items.filter((item) => !item.shared)];
  });
}
