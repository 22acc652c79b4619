/**
 * `npm run bench -- office`: 200 shared lists of 50 entries and 10 members on a real office
 * server (a child process, so its memory is measured apart from the clients), then the same with
 * two instances behind a real Redis (prefix office.redis.). Per repetition, from an office with no
 * document loaded:
 * - office.first_sync_ms: one member's app attaches all 200 lists on its one WebSocket (what a
 *   member waits for at start; the target of 2 s), with the CPU time the server and that
 *   client spent on it (on a shared, loaded machine the wall time mostly measures the others);
 * - office.others_first_sync_ms: the other nine start at once while the lists are loaded;
 * - edits by one member arriving at the other nine (edit_arrival_p50/p95_ms), server memory with
 *   ten members connected (server_rss_mb, memory_per_document_kb from RSS, which keeps what the
 *   heap grew to in earlier repetitions; heap_per_document_kb from the V8 heap in use after a full
 *   collection, each document with its ten connections);
 * - office.all_members_first_sync_ms: all ten at once against an unloaded office (after a
 *   restart). All clients run in this one process, so this measures a herd on two cores.
 * office.renderer_added_kb is what the renderer's office model adds to its bundle, gzipped
 * (officeRendererSize.ts).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { connectOffice, type OfficeConnection } from '../../renderer/src/sync/officeConnection.ts';
import { officeDocumentName } from '../../server/office/documentName.ts';
import { addEntry, entriesOf } from '../../server/office/listDocument.ts';
import { measureOfficeRendererSize } from './officeRendererSize.ts';
import { bench, summarize } from './stats.ts';

const root = new URL('../../', import.meta.url).pathname;
const listCount = 200;
const entriesPerList = 50;
const memberCount = 10;
const repetitions = 3;
const editsPerRepetition = 40;

interface ServerInfo {
  urls: string[];
  officeId: string;
  token: string;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** User plus system CPU time of a process so far (Linux clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForLine(child: ChildProcessWithoutNullStreams, pattern: RegExp, stream: 'stdout' | 'stderr' = 'stdout'): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    child[stream].on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match[0]);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/** The server's V8 heap in use after a full collection (officeBenchServer.ts answers `memory`). */
function heapUsedMb(server: ChildProcessWithoutNullStreams): Promise<number> {
  return new Promise((resolve) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"heapUsedMb":[^\n]*\}\n/.exec(output);
      if (!match) return;
      server.stdout.off('data', read);
      resolve((JSON.parse(match[0]) as { heapUsedMb: number }).heapUsedMb);
    };
    server.stdout.on('data', read);
    server.stdin.write('memory\n');
  });
}

function socketFor(url: string): HocuspocusProviderWebsocket {
  return new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket, delay: 50, minDelay: 50, maxDelay: 500 });
}

function attachList(socket: HocuspocusProviderWebsocket, name: string, token: string): HocuspocusProvider {
  const provider = new HocuspocusProvider({ websocketProvider: socket, name, token, document: new Y.Doc() });
  provider.attach();
  return provider;
}

const syncedOf = (provider: HocuspocusProvider) =>
  new Promise<void>((resolve) => (provider.isSynced ? resolve() : provider.on('synced', () => resolve())));
const acknowledgedOf = (provider: HocuspocusProvider) =>
  new Promise<void>((resolve) => {
    if (provider.unsyncedChanges === 0) return resolve();
    const check = ({ number }: { number: number }) => {
      if (number === 0) {
        provider.off('unsyncedChanges', check);
        resolve();
      }
    };
    provider.on('unsyncedChanges', check);
  });

async function post<T>(httpUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${httpUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function runOne(prefix: string, instances: number, redisUrl?: string): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'castdesk-office-bench-'));
  const server = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'test/bench/officeBenchServer.ts', workDir, String(instances)], {
    cwd: root,
    env: { ...process.env, REDIS_URL: redisUrl ?? '' },
  });
  try {
    const info = JSON.parse(await waitForLine(server, /\{.*\}\n/)) as ServerInfo;
    const http = info.urls[0].replace(/^ws/, 'http');
    const listIds = Array.from({ length: listCount }, (_, i) => `list${i}`);
    const listNames = listIds.map((listId) => officeDocumentName(info.officeId, listId));

    // Seed every list through the first instance (not measured), then let the documents unload.
    const seeder = socketFor(info.urls[0]);
    for (let start = 0; start < listCount; start += 20) {
      const batch = listNames.slice(start, start + 20).map((name) => attachList(seeder, name, info.token));
      await Promise.all(batch.map(syncedOf));
      for (const provider of batch) {
        provider.document.transact(() => {
          for (let e = 0; e < entriesPerList; e++) {
            addEntry(provider.document, `e${e}`, { position: `a${String(e).padStart(3, '0')}`, actor: { origin: 'https://d.example', id: e, name: `Actor ${e}` }, note: 'seen in the showreel' });
          }
        });
      }
      await Promise.all(batch.map(acknowledgedOf));
      for (const provider of batch) provider.destroy();
    }
    seeder.destroy();
    progress(`${prefix}: ${listCount} lists seeded`);
    const tokens: string[] = [];
    for (let m = 0; m < memberCount; m++) {
      const invite = await post<{ code: string }>(http, `/offices/${info.officeId}/invites`, { role: 'editor' }, info.token);
      tokens.push((await post<{ token: string }>(http, `/offices/${info.officeId}/members`, { code: invite.code, name: `Member ${m}` })).token);
    }

    const firstSync: number[] = [];
    const serverCpu: number[] = [];
    const clientCpu: number[] = [];
    const othersSync: number[] = [];
    const herdSync: number[] = [];
    const herdServerCpu: number[] = [];
    const rss: number[] = [];
    const perDocument: number[] = [];
    const heapPerDocument: number[] = [];
    const p50: number[] = [];
    const p95: number[] = [];
    // A member attaches every list as the app does (renderer/src/sync/officeConnection.ts).
    const connect = (token: string, m: number) => {
      const socketUrl = info.urls[m % info.urls.length];
      const office = connectOffice(
        { officeId: info.officeId, token, origin: socketUrl.replace(/^ws/, 'http'), socketUrl },
        { WebSocketPolyfill: WebSocket, delay: { min: 50, max: 500 } },
      );
      return { office, providers: listIds.map((listId) => office.attach(listId, new Y.Doc()).provider) };
    };
    const synced = (member: { providers: HocuspocusProvider[] }) => Promise.all(member.providers.map(syncedOf));
    const disconnect = (members: { office: OfficeConnection }[]) => {
      for (const member of members) member.office.close();
    };
    for (let rep = 0; rep < repetitions; rep++) {
      await waitUntilUnloaded(http);
      progress(`${prefix}: repetition ${rep + 1}, documents unloaded`);
      const baseline = rssMb(server.pid!);
      const heapBaseline = await heapUsedMb(server);
      // What a member meets when the app starts: all 200 lists from an office that has none loaded.
      const serverCpuBefore = cpuMs(server.pid!);
      const clientCpuBefore = process.cpuUsage();
      const begin = performance.now();
      const first = connect(tokens[0], 0);
      await synced(first);
      firstSync.push(performance.now() - begin);
      serverCpu.push(cpuMs(server.pid!) - serverCpuBefore);
      const clientCpuUsed = process.cpuUsage(clientCpuBefore);
      clientCpu.push((clientCpuUsed.user + clientCpuUsed.system) / 1000);
      // The other nine starting at once while the lists are loaded (a morning in the office).
      const othersBegin = performance.now();
      const others = tokens.slice(1).map((token, m) => connect(token, m + 1));
      await Promise.all(others.map(synced));
      othersSync.push(performance.now() - othersBegin);
      const members = [first, ...others];
      progress(`${prefix}: repetition ${rep + 1}, first sync ${Math.round(firstSync.at(-1)!)} ms, the other nine ${Math.round(othersSync.at(-1)!)} ms`);
      const loaded = rssMb(server.pid!);
      rss.push(loaded);
      perDocument.push(((loaded - baseline) * 1024) / listCount);
      heapPerDocument.push((((await heapUsedMb(server)) - heapBaseline) * 1024) / listCount);

      const arrivals: number[] = [];
      for (let k = 0; k < editsPerRepetition; k++) {
        const author = k % memberCount;
        const list = (k * 37 + rep) % listCount;
        const entry = `e${(k * 13) % entriesPerList}`;
        const marker = `${prefix}-${rep}-${k}`;
        const receivers = members.filter((_, m) => m !== author).map((member) => member.providers[list].document);
        const started = performance.now();
        const arrived = receivers.map(
          (doc) =>
            new Promise<void>((resolve) => {
              const check = () => {
                if (entriesOf(doc).get(entry)?.get('status') === marker) {
                  arrivals.push(performance.now() - started);
                  doc.off('update', check);
                  resolve();
                }
              };
              doc.on('update', check);
            }),
        );
        entriesOf(members[author].providers[list].document).get(entry)!.set('status', marker);
        await Promise.all(arrived);
      }
      const summary = summarize(arrivals);
      p50.push(summary.p50);
      p95.push(summary.p95);
      disconnect(members);

      // All ten members at once against an office with nothing loaded (after a server restart):
      // ten members' clients share this one process, so this is the server under a herd, not what
      // one member waits for.
      await waitUntilUnloaded(http);
      const herdServerCpuBefore = cpuMs(server.pid!);
      const herdBegin = performance.now();
      const herd = tokens.map((token, m) => connect(token, m));
      await Promise.all(herd.map(synced));
      herdSync.push(performance.now() - herdBegin);
      herdServerCpu.push(cpuMs(server.pid!) - herdServerCpuBefore);
      progress(`${prefix}: repetition ${rep + 1}, all ten at once ${Math.round(herdSync.at(-1)!)} ms`);
      disconnect(herd);
    }
    const report = (name: string, samples: number[], unit: string) => {
      const summary = summarize(samples);
      bench(`${prefix}.${name}`, summary.p50, unit);
      bench(`${prefix}.${name}_spread`, summary.max - Math.min(...samples), unit);
    };
    report('first_sync_ms', firstSync, 'ms');
    report('first_sync_server_cpu_ms', serverCpu, 'ms');
    report('first_sync_client_cpu_ms', clientCpu, 'ms');
    report('others_first_sync_ms', othersSync, 'ms');
    report('all_members_first_sync_ms', herdSync, 'ms');
    report('all_members_first_sync_server_cpu_ms', herdServerCpu, 'ms');
    report('edit_arrival_p50_ms', p50, 'ms');
    report('edit_arrival_p95_ms', p95, 'ms');
    report('server_rss_mb', rss, 'MB');
    report('memory_per_document_kb', perDocument, 'KB');
    report('heap_per_document_kb', heapPerDocument, 'KB');
  } finally {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    rmSync(workDir, { recursive: true, force: true });
  }
}

function progress(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Documents unload once their last connection is gone and they are stored. */
async function waitUntilUnloaded(http: string): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${http}/health`)).json()) as { documents: number };
    if (health.documents === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function runOfficeBench(): Promise<void> {
  await measureOfficeRendererSize();
  await runOne('office', 1);
  const port = await freePort();
  const redisDir = mkdtempSync(join(tmpdir(), 'castdesk-office-bench-redis-'));
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', redisDir, '--save', '', '--appendonly', 'no']);
  try {
    await waitForLine(redis, /Ready to accept connections/);
    await runOne('office.redis', 2, `redis://127.0.0.1:${port}`);
  } finally {
    redis.kill('SIGTERM');
    if (redis.exitCode === null) await new Promise((resolve) => redis.once('exit', resolve));
    rmSync(redisDir, { recursive: true, force: true });
  }
}
