/**
 * `npm run office` as a child process, killed with SIGKILL while a member is writing, then started
 * again on the same data folder: every change the server acknowledged is there, once. And SIGTERM
 * stores every document before the process exits.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import { openOfficeDatabase } from '../../../server/office/officeDatabase.ts';
import { acknowledged, openList, serverView } from './officeSupport.ts';

const root = new URL('../../../', import.meta.url).pathname;
const workDir = mkdtempSync(join(tmpdir(), 'castdesk-office-crash-'));
const children = new Set<ChildProcessWithoutNullStreams>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(workDir, { recursive: true, force: true });
});

/** The office CLI in one Node process (tsx as a loader), so SIGKILL hits the server itself. */
async function startServer(dataDir: string, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/officeCli.ts', '--port', '0', '--data-dir', dataDir, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '' },
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  // Generous: a process start (tsx, PGlite) takes seconds quiet and a minute under load.
  await vi.waitFor(() => expect(output).toMatch(/listening on (ws:\/\/\S+)/), { timeout: 180_000, interval: 50 });
  return { child, exited, output: () => output, url: /listening on (ws:\/\/\S+)/.exec(output)![1] };
}

it('loses nothing acknowledged and duplicates nothing when killed mid-update', async () => {
  const dataDir = join(workDir, 'kill');
  const first = await startServer(dataDir, ['--create-office', 'Crash Office']);
  const officeId = /Office created: (\S+)/.exec(first.output())![1];
  const token = /Owner token \(shown once\): (\S+)/.exec(first.output())![1];
  const name = officeDocumentName(officeId, 'crash-list');
  const writer = openList(first.url, name, token);
  await writer.synced;
  const acked: string[] = [];
  // Write entries one after another; each is counted once the server acknowledged it.
  for (let i = 0; i < 20; i++) {
    addEntry(writer.doc, `e${i}`, { position: `a${String(i).padStart(3, '0')}`, actor: { origin: 'https://d.example', id: i, name: `Actor ${i}` } });
    (entriesOf(writer.doc).get('e0')!.get('note') as Y.Text).insert(0, `<${i}>`);
    await acknowledged(writer);
    acked.push(`e${i}`);
  }
  // More writes in flight when the server dies.
  for (let i = 20; i < 40; i++) addEntry(writer.doc, `e${i}`, { position: `b${i}`, actor: { origin: 'https://d.example', id: i, name: `Actor ${i}` } });
  first.child.kill('SIGKILL');
  await first.exited;
  writer.destroy();

  const second = await startServer(dataDir);
  const view = await serverView(second.url, name, token);
  for (const id of acked) expect(entriesOf(view).has(id), id).toBe(true);
  const note = (entriesOf(view).get('e0')!.get('note') as Y.Text).toString();
  for (let i = 0; i < 20; i++) expect(note.split(`<${i}>`).length - 1, `<${i}>`).toBe(1);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 600_000);

it('stores every document on SIGTERM before it exits', async () => {
  const dataDir = join(workDir, 'term');
  const server = await startServer(dataDir, ['--create-office', 'Term Office']);
  const officeId = /Office created: (\S+)/.exec(server.output())![1];
  const token = /Owner token \(shown once\): (\S+)/.exec(server.output())![1];
  const writer = openList(server.url, officeDocumentName(officeId, 'term-list'), token);
  await writer.synced;
  addEntry(writer.doc, 'kept', { position: 'a0', actor: { origin: 'https://d.example', id: 1, name: 'Kept' } });
  await acknowledged(writer);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  writer.destroy();
  expect(server.output()).toContain('Office server stopped.');
  const db = await openOfficeDatabase({ dataDir });
  try {
    const [stored] = await db.query<{ state: Uint8Array }>('SELECT state FROM office_documents WHERE name = $1', [officeDocumentName(officeId, 'term-list')]);
    expect(stored).toBeDefined();
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array(stored.state));
    expect(entriesOf(doc).has('kept')).toBe(true);
    expect(await db.query('SELECT id FROM office_document_updates')).toEqual([]);
  } finally {
    await db.close();
  }
}, 600_000);
