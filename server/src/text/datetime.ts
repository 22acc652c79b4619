/**
 * The spec's datetime shape: ISO 8601 with milliseconds and a UTC offset (`+00:00`). Data may
 * arrive in any ISO form; it is served in this one.
 */
export function formatDatetime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return date.toISOString().replace('Z', '+00:00');
}

/** Field names that hold datetimes anywhere in a resource. */
const datetimeKeys = new Set(['updated_at', 'created_at', 'deadline', 'recorded_at']);

/** A JSON.stringify replacer that writes every datetime field in the served shape. */
export function datetimeReplacer(key: string, value: unknown): unknown {
  return datetimeKeys.has(key) && typeof value === 'string' ? formatDatetime(value) : value;
}
