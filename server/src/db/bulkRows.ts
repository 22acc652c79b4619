/**
 * Row encodings for bulk loads. PGlite loads fastest through COPY (its JSON parameter path moves
 * about half the bytes per second), a PostgreSQL server through one JSON parameter per batch.
 */
export type ColumnType = 'integer' | 'text' | 'boolean' | 'timestamptz' | 'integer[]' | 'text[]';
export type Columns = readonly (readonly [name: string, type: ColumnType])[];
export type Row = Record<string, unknown>;

const controlCharacters = /[\t\n\r]/;

function escapeCopyText(text: string): string {
  const escaped = text.replaceAll('\\', '\\\\');
  // JSON text never holds raw tabs or line breaks: the common case needs only the line above.
  if (!controlCharacters.test(escaped)) return escaped;
  return escaped.replace(/[\t\n\r]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

function arrayLiteral(values: unknown[]): string {
  return `{${values.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** One value in COPY's text format; objects are stored as their JSON text. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return escapeCopyText(arrayLiteral(value));
  if (typeof value === 'object') return escapeCopyText(JSON.stringify(value));
  return escapeCopyText(String(value));
}

/** Rows as COPY text-format lines, in chunks of about `chunkBytes`, so memory stays bounded. */
export function* copyChunks(columns: Columns, rows: readonly Row[], chunkBytes = 16 * 1024 * 1024): Generator<string> {
  let lines: string[] = [];
  let size = 0;
  for (const row of rows) {
    const line = `${columns.map(([name]) => copyField(row[name])).join('\t')}\n`;
    lines.push(line);
    size += line.length;
    if (size >= chunkBytes) {
      yield lines.join('');
      lines = [];
      size = 0;
    }
  }
  if (lines.length > 0) yield lines.join('');
}

/** `INSERT … SELECT … FROM json_to_recordset($1)` for one batch of rows. */
export function jsonBatchInsert(table: string, columns: Columns): string {
  const names = columns.map(([name]) => name).join(', ');
  const types = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  return `INSERT INTO ${table} (${names}) SELECT ${names} FROM json_to_recordset($1::json) AS r(${types})`;
}

/** Objects in text columns are stored as their JSON text on both engines. */
export function jsonTextColumns(columns: Columns, rows: readonly Row[]): Row[] {
  return rows.map((row) => {
    const out: Row = { ...row };
    for (const [name, type] of columns) {
      const value = row[name];
      if (type === 'text' && value !== null && typeof value === 'object') out[name] = JSON.stringify(value);
    }
    return out;
  });
}
