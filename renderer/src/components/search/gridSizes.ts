/**
 * The face grid's three sizes: the picture's side, the narrowest column and the tile's height in
 * px. A tile holds the picture, two lines of name, the acting age and a namesake's note, so each
 * height is the picture plus the same text room.
 */
import type { GridSize } from '../../stores/listPreferences.ts';

export const gridPicturePx: Record<GridSize, number> = { small: 112, medium: 152, large: 216 };

/** Padding, margins, gaps, two name lines and two small lines under the picture. */
const tileTextPx = 124;
/** Room beside the picture. */
const tileSidePx = 24;

export function gridTile(size: GridSize): { rowHeight: number; minColumnWidth: number } {
  return { rowHeight: gridPicturePx[size] + tileTextPx, minColumnWidth: gridPicturePx[size] + tileSidePx };
}
