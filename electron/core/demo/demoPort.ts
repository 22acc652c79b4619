/**
 * The embedded demo directory's port, remembered in its data folder: every start asks for the port
 * it had last time, so its address, the media URLs in the offline library and the page's content
 * security policy stay what they were. Only when another program holds that port does the demo take
 * a free one (and remembers that one from then on); a directory whose address changes is still the
 * same directory (the connection keeps its identity, connectionStore.ts), so nothing is doubled.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomicWrite.ts';

const portFileName = 'port';
const identityFileName = 'directory-origin';

function portFile(dataDir: string): string {
  return join(dataDir, portFileName);
}

/** The port the demo listened on last time, or null (first start, or a file that is not a port). */
export async function rememberedDemoPort(dataDir: string): Promise<number | null> {
  let text: string;
  try {
    text = await readFile(portFile(dataDir), 'utf8');
  } catch {
    return null;
  }
  const port = Number(text.trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}

/** A port nothing listens on now (the system's choice). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port was given.'))));
    });
  });
}

/**
 * The address the demo will be served at, known before it starts: the remembered port, or on a
 * first start a free one, remembered now so the demo takes it. The page's content security policy
 * is sent before the demo connection exists; with this address in it, the demo's showreels play
 * on the very first start (they were blocked until a restart).
 */
export async function plannedDemoAddress(dataDir: string): Promise<string> {
  let port = await rememberedDemoPort(dataDir);
  if (port === null) {
    port = await freeLoopbackPort();
    await writeFileAtomic(portFile(dataDir), `${port}\n`);
  }
  return `http://127.0.0.1:${port}`;
}

/** Remembers the port the demo listens on now. */
export async function rememberDemoPort(dataDir: string, baseUrl: string): Promise<void> {
  await writeFileAtomic(portFile(dataDir), `${new URL(baseUrl).port}\n`);
}

/**
 * Whether nothing listens on 127.0.0.1:`port` now. Another program may still take it before the
 * service binds; the launcher then starts the service again on a free port.
 */
export function isLoopbackPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The demo directory's identity for the offline library: the origin it was first served at, kept
 * in its data folder, so a demo connection made again later (after the user removed it) is the
 * same directory whatever port the demo has now.
 */
export async function demoDirectoryOrigin(dataDir: string, baseUrl: string): Promise<string> {
  const file = join(dataDir, identityFileName);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (URL.canParse(stored) && new URL(stored).origin === stored) return stored;
  } catch {
    // First start of this data folder: its first address is its identity.
  }
  const origin = new URL(baseUrl).origin;
  await writeFileAtomic(file, `${origin}\n`);
  return origin;
}
