/**
 * The port the web shell's page lives at, remembered in the user data folder. The offline library
 * (shortlists, notes, saved profiles) lives in the browser's storage of the page's origin,
 * `http://127.0.0.1:<port>`: a shell started on another port shows an empty library, which reads
 * as lost data (the German walk of issue 22 saw "no shortlists" on day two after `--port 0`). So a
 * start without `--port`, or with `--port 0`, takes the port of the last start; an explicit other
 * port is the user's choice, and the shell says plainly where the library of the earlier starts is.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/files/atomicWrite.ts';

const portFileName = 'web-library-port';

function portFile(userDataDir: string): string {
  return join(userDataDir, portFileName);
}

/** The port of the last start, or null (first start, or a file that is not a port). */
export async function rememberedLibraryPort(userDataDir: string): Promise<number | null> {
  let text: string;
  try {
    text = await readFile(portFile(userDataDir), 'utf8');
  } catch {
    return null;
  }
  const port = Number(text.trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}

export async function rememberLibraryPort(userDataDir: string, port: number): Promise<void> {
  await writeFileAtomic(portFile(userDataDir), `${port}\n`);
}

/** The address whose browser storage holds the library. */
export function libraryAddress(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/**
 * Where to listen: `requested` is the `--port` given (undefined when none; 0 for "any free port"),
 * `remembered` the port of the last start. The notice, when there is one, tells the user that the
 * library of the earlier starts stays at its old address.
 */
export function chooseWebPort(requested: number | undefined, remembered: number | null, defaultPort: number): { port: number; notice: string | null } {
  if (remembered === null) return { port: requested ?? defaultPort, notice: null };
  if (requested === undefined || requested === 0 || requested === remembered) return { port: remembered, notice: null };
  return {
    port: requested,
    notice:
      `Your offline library (shortlists, notes, saved profiles) lives in the browser at ${libraryAddress(remembered)}, where Castdesk ran last time. ` +
      `The address ${libraryAddress(requested)} starts with an empty one; to return to your library, start with --port ${remembered}.`,
  };
}

/**
 * Why the shell does not start when the port its library lives at is held by another program, and
 * how to free it: starting on another port would silently show an empty library.
 */
export function libraryPortTakenMessage(port: number): string {
  return (
    `Your offline library (shortlists, notes, saved profiles) lives in the browser at ${libraryAddress(port)}, so Castdesk does not move to another port, where it would be empty. ` +
    `To free the port, stop the program that holds it (find it with \`ss -ltnp 'sport = :${port}'\` or \`lsof -nP -iTCP:${port} -sTCP:LISTEN\`; on Windows \`netstat -ano | findstr :${port}\`), then start Castdesk again.`
  );
}
