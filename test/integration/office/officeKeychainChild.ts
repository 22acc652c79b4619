/**
 * One run of the app's back end (createBackEnd, the real key store) for officeKeychain.test.ts, on
 * the session bus its environment names: a computer whose keychain is the test's own. It never
 * prints a token, only its SHA-256, so the test can tell the same token from another.
 *
 *   tsx officeKeychainChild.ts join <userDataDir> <officeUrl> <officeId>   env INVITE_CODE
 *   tsx officeKeychainChild.ts recheck <userDataDir>   stdin: a line once the keychain runs
 *
 * `join` joins the office and says what the back end lists. `recheck` starts where the keychain
 * does not answer, says what the back end lists and answers for the office, prints "keychain?",
 * and once told, asks the keychain again (as the Connections page does) until it answers, and
 * says the same again, in the same run.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { BridgeResult } from '../../../contract/bridge-errors.ts';
import type { OfficeToken, OfficeView } from '../../../contract/officeBridge.ts';
import { createBackEnd, type BackEnd } from '../../../electron/core/backEnd.ts';
import { waitUntil } from '../../support/waitUntil.ts';

const [mode, userDataDir = '', ...args] = process.argv.slice(2);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** What getAppInfo says of the keychain (the rest of its answer is not asked about here). */
type KeychainInfo = { keychain: { available: boolean; reason?: string } };

/** The value of a bridge answer, or its error code: what the renderer would get. */
function valueOrCode<T>(result: BridgeResult<unknown>): T | { error: string } {
  return result.ok ? (result.value as T) : { error: result.error.code };
}

/** What the back end says about the office now: its token's state, the token handed out (hashed), and whether the office could be asked. */
async function officeNow(backEnd: BackEnd) {
  const listed = valueOrCode<{ offices: OfficeView[] }>(await backEnd.call('listOffices', {}));
  if ('error' in listed) return { listed };
  const [office] = listed.offices;
  const token = valueOrCode<OfficeToken>(await backEnd.call('getOfficeToken', { id: office.id }));
  const directory = await backEnd.call('listOfficeLists', { id: office.id });
  return {
    id: office.id,
    tokenState: office.tokenState,
    token: 'error' in token ? token : { sha256: sha256(token.token) },
    directory: directory.ok ? 'answered' : directory.error.code,
  };
}

const backEnd = await createBackEnd({ userDataDir, shell: 'web', version: '0.0.0-test' });
try {
  if (mode === 'join') {
    const [url = '', officeId = ''] = args;
    const joined = valueOrCode<OfficeView>(await backEnd.call('joinOffice', { url, officeId, code: process.env.INVITE_CODE ?? '', name: 'Ben' }));
    console.log(JSON.stringify({ joined: 'error' in joined ? joined : joined.id, ...(await officeNow(backEnd)) }));
  } else if (mode === 'recheck') {
    const info = async (recheckKeychain: boolean) => {
      const answer = valueOrCode<KeychainInfo>(await backEnd.call('getAppInfo', { recheckKeychain }));
      return 'error' in answer ? answer : answer.keychain;
    };
    console.log(JSON.stringify({ keychain: await info(false), ...(await officeNow(backEnd)) }));
    console.log('keychain?');
    await once(process.stdin, 'data');
    // The key store asks a keychain at most every few seconds, answering what it last found in
    // between: asked again until it answers, as a user choosing Check again would.
    const keychain = await waitUntil(
      async () => {
        const answer = await info(true);
        return 'available' in answer && !answer.available ? null : answer;
      },
      { what: 'a recheck finds the keychain started', timeoutMs: 60_000, intervalMs: 200 },
    );
    console.log(JSON.stringify({ keychain, ...(await officeNow(backEnd)) }));
    process.stdin.destroy();
  } else {
    console.error(`unknown mode ${mode}`);
    process.exitCode = 2;
  }
} finally {
  await backEnd.close();
}
