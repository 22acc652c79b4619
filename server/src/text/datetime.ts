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

/** Rewrites every datetime field in a JSON value to the served shape (returns a new value). */
export function normalizeDatetimes<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => normalizeDatetimes(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = datetimeKeys.has(key) && typeof item === 'string' ? formatDatetime(item) : normalizeDatetimes(item);
  }
  return out as T;
}
