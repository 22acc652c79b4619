/**
 * The back end's log file: `<userData>/logs/castdesk.log`, one timestamped line per entry, rotated
 * at about 1 MB with three files kept (castdesk.log, .1, .2). Redaction happens here, at the last
 * step before the disk, so no caller can leak a key by forgetting to hide it: every secret
 * registered with `addSecret` (the key store registers each key it sets or reads) and anything
 * after `Authorization:`, `Bearer` or `token=` becomes `[redacted]`.
 */
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Redactor } from './redact.ts';

export const logLevels = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface Logger {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  /** `details` is typically the caught error; its message, code, stack and causes are written, redacted. */
  error(message: string, details?: unknown): void;
  /** From now on this value is written as `[redacted]` wherever it appears. */
  addSecret(value: string): void;
  /** The current log file's path, for "show log" in the UI and for support. */
  readonly file: string;
}

export interface LoggerOptions {
  userDataDir: string;
  /** Entries below this level are dropped; default info. */
  level?: LogLevel;
  /** Rotate before the file would grow past this many bytes; default 1 MB. */
  maxBytes?: number;
  /** How many files to keep, the current one included; default 3. */
  maxFiles?: number;
  now?: () => Date;
  /** Also receives every (redacted) line, e.g. the console in development. */
  echo?: (line: string) => void;
}

/** A line longer than this is cut: one runaway dump must not rotate away the whole history. */
const maxLineChars = 64 * 1024;

/** Plain objects for errors (message, code, stack, cause chain), so JSON keeps what matters. */
function errorToPlain(error: Error): Record<string, unknown> {
  const plain: Record<string, unknown> = { name: error.name, message: error.message };
  for (const [field, value] of Object.entries(error)) plain[field] = value;
  if (error.stack) plain.stack = error.stack;
  if (error.cause !== undefined) plain.cause = error.cause;
  if (error instanceof AggregateError) plain.errors = error.errors;
  return plain;
}

/** JSON of anything a caller passes, errors included, that never throws (cycles, BigInt, getters). */
function serialize(value: unknown): string {
  if (typeof value === 'string') return value;
  const seen = new WeakSet<object>();
  try {
    return (
      JSON.stringify(value, (_field, item: unknown) => {
        if (typeof item === 'bigint') return item.toString();
        if (typeof item === 'object' && item !== null) {
          if (seen.has(item)) return '[circular]';
          seen.add(item);
          if (item instanceof Error) return errorToPlain(item);
        }
        return item;
      }) ?? String(value)
    );
  } catch (error) {
    return `[unserializable: ${error instanceof Error ? error.message : String(error)}]`;
  }
}

class FileLogger implements Logger {
  readonly file: string;
  private readonly redactor = new Redactor();
  private readonly threshold: number;
  private readonly maxBytes: number;
  private readonly maxFiles: number;
  private size: number;

  constructor(private readonly options: LoggerOptions) {
    const folder = join(options.userDataDir, 'logs');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    this.file = join(folder, 'castdesk.log');
    this.threshold = logLevels.indexOf(options.level ?? 'info');
    this.maxBytes = options.maxBytes ?? 1_000_000;
    this.maxFiles = Math.max(1, options.maxFiles ?? 3);
    this.size = existsSync(this.file) ? statSync(this.file).size : 0;
  }

  debug(message: string, details?: unknown): void {
    this.write('debug', message, details);
  }

  info(message: string, details?: unknown): void {
    this.write('info', message, details);
  }

  warn(message: string, details?: unknown): void {
    this.write('warn', message, details);
  }

  error(message: string, details?: unknown): void {
    this.write('error', message, details);
  }

  addSecret(value: string): void {
    this.redactor.addSecret(value);
  }

  private write(level: LogLevel, message: string, details: unknown): void {
    if (logLevels.indexOf(level) < this.threshold) return;
    const time = (this.options.now?.() ?? new Date()).toISOString();
    const text = details === undefined ? String(message) : `${String(message)} ${serialize(details)}`;
    // One entry per line: line breaks inside the text are written as \n.
    let line = this.redactor.redact(`${time} ${level.toUpperCase().padEnd(5)} ${text}`).replace(/\r?\n|\r/g, '\\n');
    if (line.length > maxLineChars) line = `${line.slice(0, maxLineChars)} [cut ${line.length - maxLineChars} characters]`;
    this.options.echo?.(line);
    this.append(`${line}\n`);
  }

  private append(line: string): void {
    const bytes = Buffer.byteLength(line);
    try {
      if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
      appendFileSync(this.file, line, { mode: 0o600 });
      this.size += bytes;
    } catch (error) {
      // A full or read-only disk must not take the app down; the (already redacted) line goes to stderr.
      process.stderr.write(`castdesk: cannot write ${this.file} (${error instanceof Error ? error.message : String(error)}): ${line}`);
    }
  }

  /** castdesk.log → .1 → .2 …; the oldest beyond maxFiles is removed. */
  private rotate(): void {
    const numbered = (index: number): string => (index === 0 ? this.file : `${this.file}.${index}`);
    rmSync(numbered(this.maxFiles - 1), { force: true });
    for (let index = this.maxFiles - 2; index >= 0; index -= 1) {
      if (existsSync(numbered(index))) renameSync(numbered(index), numbered(index + 1));
    }
    this.size = 0;
  }
}

/** Opens (creating the folder if needed) the log under `<userDataDir>/logs`. */
export function createLogger(options: LoggerOptions): Logger {
  return new FileLogger(options);
}
