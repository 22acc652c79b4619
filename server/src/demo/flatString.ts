/**
 * V8 keeps the result of a template literal or `+` as a rope of parts (a "cons string", 32 bytes
 * per node). Reading one character flattens it, and the garbage collector then drops the rope.
 * The demo data keeps millions of composed strings alive, so flattening them before they are
 * stored roughly halves the memory and the collector's work at 50,000 profiles.
 */
export function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}
