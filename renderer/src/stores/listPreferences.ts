/**
 * How the casting director likes a profile list: list, table or grid, the grid's picture size,
 * the table's columns and the last order chosen. Remembered on this computer per list (actors,
 * crew), so the list opens as it was left; a link or saved search that names a layout or order
 * still wins over it.
 */
import { ref, watch } from 'vue';
import type { ProfileKind } from '../db/libraryDb.ts';
import { columnSorts } from '../search/columnOrders.ts';
import type { ProfileSort } from '../search/profileIndex.ts';
import { listLayouts, type ListLayout } from '../search/profileQueryUrl.ts';

export const gridSizes = ['small', 'medium', 'large'] as const;
export type GridSize = (typeof gridSizes)[number];

/** The table's columns: `sort` is the order a header click asks the search for (null: not sortable). */
export const tableColumns = {
  name: { sort: 'name' },
  actingAge: { sort: 'actingAge' },
  age: { sort: 'age' },
  height: { sort: 'height' },
  residence: { sort: 'residence' },
  agency: { sort: 'agency' },
  professions: { sort: null },
  updated: { sort: 'updated' },
} as const satisfies Record<string, { sort: ProfileSort | null }>;
export type TableColumn = keyof typeof tableColumns;

/** The columns each list offers, in table order; the name is always shown. */
export const columnsOf: Record<ProfileKind, readonly TableColumn[]> = {
  actor: ['name', 'actingAge', 'age', 'height', 'residence', 'agency', 'updated'],
  crew: ['name', 'professions', 'age', 'residence', 'updated'],
};
const defaultColumns: Record<ProfileKind, readonly TableColumn[]> = {
  actor: ['name', 'actingAge', 'height', 'residence', 'agency'],
  crew: ['name', 'professions', 'residence', 'updated'],
};

const rememberedSorts: readonly ProfileSort[] = ['name', 'lastName', 'updated', ...columnSorts];

interface Stored {
  layout: ListLayout;
  gridSize: GridSize;
  columns: TableColumn[];
  sort: ProfileSort;
  reversed: boolean;
}

function storageKey(kind: ProfileKind): string {
  return `castdesk.profileList.${kind}`;
}

/** What was stored, each part checked on its own: anything unreadable falls back to the default. */
function remembered(kind: ProfileKind): Stored {
  let saved: Partial<Record<keyof Stored, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey(kind)) ?? '{}');
    if (parsed && typeof parsed === 'object') saved = parsed;
  } catch {
    // Storage blocked or damaged: the defaults, as at a first start.
  }
  const columns = Array.isArray(saved.columns) ? columnsOf[kind].filter((column) => column === 'name' || (saved.columns as unknown[]).includes(column)) : [...defaultColumns[kind]];
  return {
    layout: listLayouts.find((layout) => layout === saved.layout) ?? 'list',
    gridSize: gridSizes.find((size) => size === saved.gridSize) ?? 'medium',
    columns,
    sort: rememberedSorts.find((sort) => sort === saved.sort) ?? 'name',
    reversed: saved.reversed === true,
  };
}

/** Call inside a store's setup: the list's preferences, written back whenever one changes. */
export function createListPreferences(kind: ProfileKind) {
  const start = remembered(kind);
  const layout = ref<ListLayout>(start.layout);
  const gridSize = ref<GridSize>(start.gridSize);
  const columns = ref<TableColumn[]>(start.columns);
  const sort = ref<{ sort: ProfileSort; reversed: boolean }>({ sort: start.sort, reversed: start.reversed });

  watch(
    [layout, gridSize, columns, sort],
    () => {
      const stored: Stored = { layout: layout.value, gridSize: gridSize.value, columns: columns.value, sort: sort.value.sort, reversed: sort.value.reversed };
      try {
        globalThis.localStorage?.setItem(storageKey(kind), JSON.stringify(stored));
      } catch {
        // Storage blocked: the choice holds for this visit only.
      }
    },
    { deep: true, flush: 'sync' },
  );

  /** Shows or hides a column (the name stays), keeping the table's order. */
  function toggleColumn(column: TableColumn, on: boolean): void {
    if (column === 'name') return;
    columns.value = columnsOf[kind].filter((item) => (item === column ? on : columns.value.includes(item)));
  }

  return { layout, gridSize, columns, sort, toggleColumn };
}
