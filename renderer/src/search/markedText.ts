/**
 * A text with marked words as plain parts and marked parts, for templates that show matches with
 * <mark> and escape every part (no v-html). Long texts (an about-me) are cut to a window around
 * the first mark, at word boundaries, with an ellipsis where text was left out.
 */
export interface TextSegment {
  text: string;
  marked: boolean;
}

/** Where a cut may fall: after a space, so no word is split. */
function wordStartAtOrAfter(text: string, position: number): number {
  if (position <= 0) return 0;
  const space = text.indexOf(' ', position - 1);
  return space < 0 ? position : space + 1;
}

function wordEndAtOrBefore(text: string, position: number): number {
  if (position >= text.length) return text.length;
  const space = text.lastIndexOf(' ', position);
  return space <= 0 ? position : space;
}

/**
 * The parts of `text` with the [start, end) ranges `marks` (ascending) marked; with `context`, only
 * `context` characters before the first mark and three times that after it.
 */
export function markedSegments(text: string, marks: readonly (readonly [number, number])[], context?: number): TextSegment[] {
  let from = 0;
  let to = text.length;
  if (context !== undefined && marks.length > 0 && text.length > context * 4) {
    const first = marks[0]![0];
    from = first - context > 0 ? Math.min(first, wordStartAtOrAfter(text, first - context)) : 0;
    to = Math.max(marks[0]![1], wordEndAtOrBefore(text, first + context * 3));
  }
  const segments: TextSegment[] = [];
  const plain = (start: number, end: number) => {
    if (end > start) segments.push({ text: text.slice(start, end), marked: false });
  };
  let at = from;
  for (const [start, end] of marks) {
    if (start < at || end > to) continue;
    plain(at, start);
    segments.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  plain(at, to);
  if (from > 0) segments.unshift({ text: '…', marked: false });
  if (to < text.length) segments.push({ text: '…', marked: false });
  return mergePlain(segments);
}

/** Neighbouring plain parts as one (the ellipsis joins the text beside it). */
function mergePlain(segments: TextSegment[]): TextSegment[] {
  const merged: TextSegment[] = [];
  for (const segment of segments) {
    const last = merged.at(-1);
    if (last && !last.marked && !segment.marked) last.text += segment.text;
    else merged.push({ ...segment });
  }
  return merged;
}
