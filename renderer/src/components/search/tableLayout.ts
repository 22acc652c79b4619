/**
 * The table's column widths and headings, one place for the header row and the body rows so both
 * line up.
 */
import type { MessageKey } from '../../i18n/en.ts';
import type { TableColumn } from '../../stores/listPreferences.ts';

/**
 * Each column's share of the width (every row is its own grid, so widths cannot follow the
 * content). Shares follow what the columns hold: a name is short beside an agency's name
 * ("Stimmwerk Sprecheragentur"), so the agency gets the larger share; with the name at 2.2fr the
 * agency was cut while the name column stood half empty (issue 22).
 */
const widths: Record<TableColumn, string> = {
  name: 'minmax(12rem, 1.4fr)',
  actingAge: 'minmax(5.5rem, 0.6fr)',
  age: 'minmax(4rem, 0.4fr)',
  height: 'minmax(5rem, 0.5fr)',
  residence: 'minmax(7rem, 1fr)',
  agency: 'minmax(10rem, 1.8fr)',
  professions: 'minmax(8rem, 1.6fr)',
  updated: 'minmax(7rem, 0.8fr)',
};

export const columnTitles: Record<TableColumn, MessageKey> = {
  name: 'search.columnName',
  actingAge: 'search.columnActingAge',
  age: 'search.columnAge',
  height: 'search.columnHeight',
  residence: 'search.columnResidence',
  agency: 'search.columnAgency',
  professions: 'search.columnProfessions',
  updated: 'search.columnUpdated',
};

/** The CSS grid template of a row showing `columns` (a checkbox column first while selecting). */
export function gridTemplate(columns: readonly TableColumn[], selecting: boolean): string {
  return [...(selecting ? ['2rem'] : []), ...columns.map((column) => widths[column])].join(' ');
}

/** The table's row height in px (a small picture beside the name). */
export const tableRowPx = 44;
