/**
 * A fresh back end for keychainUnavailable.test.ts, started in a process whose keyring binding
 * cannot load (the test arranges why). It prints one JSON line: what the bridge said about the
 * keychain, what adding a connection with a key answered, what was left, and whether the demo
 * directory's key is still held. It never prints a key.
 *
 *   tsx keychainUnavailableChild.ts <userDataDir>   env CANARY_KEY
 */
import { createBackEnd } from '../../electron/core/backEnd.ts';
import { openKeyStore } from '../../electron/core/keys/keyStore.ts';

const [userDataDir = ''] = process.argv.slice(2);
const canary = process.env.CANARY_KEY ?? '';
const directory = 'https://directory.example.com';

const backEnd = await createBackEnd({ userDataDir, shell: 'web', version: '0.0.0-test' });
const appInfo = await backEnd.call('getAppInfo', {});
const added = await backEnd.call('addConnection', { name: 'Agency', baseUrl: directory, contentLocale: 'en', key: canary });
const listed = await backEnd.call('listConnections', {});
await backEnd.close();

// The demo directory hands its key out again on every start: that one is held for the run.
const keys = await openKeyStore();
await keys.setKey('demo-connection', 'demo-key-of-this-run', 'http://127.0.0.1:8787', 'demo');
const demoKey = await keys.readKey('demo-connection', 'http://127.0.0.1:8787');

console.log(JSON.stringify({ appInfo, added, listed, demoKeyHeld: demoKey?.key === 'demo-key-of-this-run' }));
