/**
 * The table's column widths and headings, one place for the header row and the body rows so both
 * line up.
 */
import type { MessageKey } from '../../i18n/en.ts';
import type { TableColumn } from '../../stores/listPreferences.ts';

const widths: Record<TableColumn, string> = {
  name: 'minmax(12rem, 2.2fr)',
  actingAge: 'minmax(5.5rem, 0.7fr)',
  age: 'minmax(4rem, 0.5fr)',
  height: 'minmax(5rem, 0.6fr)',
  residence: 'minmax(7rem, 1fr)',
  agency: 'minmax(8rem, 1.2fr)',
  professions: 'minmax(8rem, 1.4fr)',
  updated: 'minmax(7rem, 0.9fr)',
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
