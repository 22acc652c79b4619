/**
 * A list's remembered layout, grid size, columns and order: written as they change, read back at
 * the next start, and a damaged or foreign entry falls back part by part to the defaults.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createListPreferences } from '../../../renderer/src/stores/listPreferences.ts';

afterEach(() => localStorage.clear());

describe('list preferences', () => {
  it('are remembered per list and read back at the next start', () => {
    const actors = createListPreferences('actor');
    expect(actors.layout.value).toBe('list');
    expect(actors.columns.value).toEqual(['name', 'actingAge', 'height', 'residence', 'agency']);
    actors.layout.value = 'table';
    actors.gridSize.value = 'large';
    actors.toggleColumn('agency', false);
    actors.toggleColumn('updated', true);
    actors.toggleColumn('name', false);
    actors.sort.value = { sort: 'height', reversed: true };
    const again = createListPreferences('actor');
    expect(again.layout.value).toBe('table');
    expect(again.gridSize.value).toBe('large');
    // The name stays, the table's own order is kept whatever order the choices came in.
    expect(again.columns.value).toEqual(['name', 'actingAge', 'height', 'residence', 'updated']);
    expect(again.sort.value).toEqual({ sort: 'height', reversed: true });
    expect(createListPreferences('crew').layout.value).toBe('list');
  });

  it('fall back part by part when the stored entry is damaged or foreign', () => {
    localStorage.setItem('castdesk.profileList.actor', '{"layout":"carousel","gridSize":"large","columns":["height","bogus"],"sort":"relevance","reversed":"yes"}');
    const read = createListPreferences('actor');
    expect(read.layout.value).toBe('list');
    expect(read.gridSize.value).toBe('large');
    expect(read.columns.value).toEqual(['name', 'height']);
    expect(read.sort.value).toEqual({ sort: 'name', reversed: false });
    localStorage.setItem('castdesk.profileList.crew', 'not json');
    expect(createListPreferences('crew').columns.value).toEqual(['name', 'professions', 'residence', 'updated']);
  });
});
