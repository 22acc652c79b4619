/**
 * "Save a problem report": a folder the user can send to support, with what support asks first —
 * the versions (app, Electron, Chromium, Node, OS), where the data lives, and the log files. The
 * logger redacts every line before it reaches the disk, but a log written by an older version, or a
 * key that reached a line by a path nobody registered, must still not leave the machine: every log
 * line is redacted again here, with the keys the back end knows and the credential patterns.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redactor } from '../log/redact.ts';

/** What the About box and the report say about this installation. */
export interface SupportVersions {
  app: string;
  electron?: string;
  chromium?: string;
  node: string;
  platform: string;
  arch: string;
  osRelease?: string;
  dataFolder: string;
}

export interface ProblemReportOptions {
  /** The folder the user chose; the report is a new folder inside it. */
  targetDir: string;
  /** The log folder (`<userData>/logs`); every `castdesk.log*` file in it is included. */
  logDir: string;
  versions: SupportVersions;
  /** Every API key the back end knows of: hidden wherever it appears, as typed, JSON-escaped or URL-encoded. */
  secrets: readonly string[];
  now?: () => Date;
}

/** The About text: one fact per line, in the order support reads them. */
export function describeVersions(versions: SupportVersions): string {
  const lines = [
    `Castdesk ${versions.app}`,
    versions.electron ? `Electron ${versions.electron}` : null,
    versions.chromium ? `Chromium ${versions.chromium}` : null,
    `Node ${versions.node}`,
    `${versions.platform} ${versions.arch}${versions.osRelease ? ` ${versions.osRelease}` : ''}`,
    `Data: ${versions.dataFolder}`,
  ];
  return lines.filter((line): line is string => line !== null).join('\n');
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z').replace('T', '-');
}

/** Writes the report folder and resolves its path. Never copies anything but the logs and the versions. */
export async function writeProblemReport(options: ProblemReportOptions): Promise<string> {
  const redactor = new Redactor();
  for (const secret of options.secrets) redactor.addSecret(secret);
  const folder = join(options.targetDir, `castdesk-problem-report-${stamp((options.now ?? (() => new Date()))())}`);
  await mkdir(join(folder, 'logs'), { recursive: true });
  const logFiles = (await readdir(options.logDir).catch(() => [] as string[])).filter((name) => /^castdesk\.log(\.\d+)?$/.test(name)).sort();
  for (const name of logFiles) {
    const text = await readFile(join(options.logDir, name), 'utf8').catch((error: unknown) => `(could not read ${name}: ${error instanceof Error ? error.message : String(error)})\n`);
    await writeFile(join(folder, 'logs', name), redactor.redact(text), { mode: 0o600 });
  }
  // The versions go through the redactor too: a data folder path is the user's, but never a key.
  const about = redactor.redact(`${describeVersions(options.versions)}\nLog files: ${logFiles.length === 0 ? 'none' : logFiles.join(', ')}\n`);
  await writeFile(join(folder, 'versions.txt'), about, { mode: 0o600 });
  await writeFile(join(folder, 'versions.json'), redactor.redact(JSON.stringify(options.versions, null, 2)), { mode: 0o600 });
  return folder;
}
