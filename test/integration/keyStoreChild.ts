/**
 * A fresh process for keyStore.test.ts: proves what survives a restart. It never prints a key,
 * only whether what it found matches what the test expected (compared by SHA-256).
 *
 *   tsx keyStoreChild.ts check <connectionId> <origin>   env EXPECTED_KEY_SHA256
 *   tsx keyStoreChild.ts store <userDataDir> <connectionId>  env CANARY_KEY
 *   tsx keyStoreChild.ts has <connectionId>
 *   tsx keyStoreChild.ts reads <connectionId> <origin> <count>   env EXPECTED_KEY_SHA256
 *   tsx keyStoreChild.ts recheck <demoConnectionId> <userConnectionId> <origin>   env DEMO_KEY, USER_KEY; stdin: a line once the keychain runs
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, readlinkSync } from 'node:fs';
import { openConnectionStore } from '../../electron/core/connections/connectionStore.ts';
import { openKeyStore } from '../../electron/core/keys/keyStore.ts';
import { createLogger } from '../../electron/core/log/logger.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const [mode, ...args] = process.argv.slice(2);

if (mode === 'check') {
  const keyStore = await openKeyStore();
  const bound = await keyStore.readKey(args[0] ?? '', args[1] ?? '');
  const matches = bound !== null && sha256(bound.key) === process.env.EXPECTED_KEY_SHA256;
  console.log(JSON.stringify({ status: keyStore.status(), present: bound !== null, matches, origin: bound?.origin ?? null }));
} else if (mode === 'reads') {
  // A back end reading its key for every request: how many sockets (D-Bus connections) it leaves open.
  const [connectionId = '', origin = '', count = '0'] = args;
  const openSockets = () => readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:');
    } catch {
      return false; // the folder's own descriptor, closed meanwhile
    }
  }).length;
  const keyStore = await openKeyStore();
  await keyStore.readKey(connectionId, origin);
  const before = openSockets();
  const reads: Promise<unknown>[] = [];
  for (let read = 0; read < Number(count); read++) {
    reads.push(keyStore.readKey(connectionId, origin));
    if (reads.length === 10) await Promise.all(reads.splice(0));
  }
  await Promise.all(reads);
  await keyStore.hasKey(connectionId);
  const bound = await keyStore.readKey(connectionId, origin);
  console.log(JSON.stringify({ matches: bound !== null && sha256(bound.key) === process.env.EXPECTED_KEY_SHA256, socketsAdded: openSockets() - before }));
} else if (mode === 'recheck') {
  // Started on a session bus with no keychain yet; the test starts one when told "keychain?".
  const [demoId = '', userId = '', origin = ''] = args;
  const keyStore = await openKeyStore({ recheckAfterMs: 0 });
  const atStart = keyStore.status();
  await keyStore.setKey(demoId, process.env.DEMO_KEY ?? '', origin, 'demo');
  const refused = await keyStore.setKey(userId, process.env.USER_KEY ?? '', origin).then(
    () => null,
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );
  const stillAway = await keyStore.recheck();
  console.log('keychain?');
  await once(process.stdin, 'data');
  const answering = await keyStore.recheck();
  await keyStore.setKey(userId, process.env.USER_KEY ?? '', origin);
  const demoHeld = (await keyStore.readKey(demoId, origin))?.key === process.env.DEMO_KEY;
  console.log(JSON.stringify({ atStart, refused, stillAway: stillAway.available, answering, demoHeld }));
  process.stdin.destroy();
} else if (mode === 'has') {
  const keyStore = await openKeyStore();
  console.log(JSON.stringify({ status: keyStore.status(), hasKey: await keyStore.hasKey(args[0] ?? '') }));
} else if (mode === 'store') {
  // Everything a run does with a key: keychain (or memory), settings, log.
  const [userDataDir = '', connectionId = ''] = args;
  const canary = process.env.CANARY_KEY ?? '';
  const logger = createLogger({ userDataDir, level: 'debug' });
  const keyStore = await openKeyStore({ secrets: logger });
  logger.info('key store opened', keyStore.status());
  const connections = await openConnectionStore({ userDataDir, keyStore, newId: () => connectionId });
  // Without a keychain the key is refused: the code of the refusal, or null when it was stored.
  const refused = await connections
    .add({ name: 'Canary', baseUrl: 'https://directory.example.com', contentLocale: 'en', key: canary })
    .then(
      () => null,
      (error: unknown) => (error as { code?: string }).code ?? String(error),
    );
  const readBack = (await keyStore.readKey(connectionId, 'https://directory.example.com'))?.key;
  logger.error('request failed', new Error(`401 with key ${canary}`, { cause: { headers: { authorization: `Token token=${canary}` } } }));
  console.log(
    JSON.stringify({
      status: keyStore.status(),
      refused,
      connections: connections.list().length,
      hasKey: await keyStore.hasKey(connectionId),
      readMatches: readBack === canary,
    }),
  );
} else {
  console.error(`unknown mode ${mode}`);
  process.exitCode = 2;
}
