/**
 * A write that holds a table of the user's shortlist database for as long as a test wants, as a
 * long write does on a busy machine: every write of that table (and every write queued behind one)
 * waits until it is released. For the keystrokes' journal tests (shortlistsStore.test.ts,
 * officeTypedComments.test.ts), whose journal must commit meanwhile.
 */
import { listDocUpdatesTable, userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';

/**
 * A read-write IndexedDB transaction on `table` (the documents' updates: y-dexie's load waits) kept
 * open (one request after another) until `release`: every other transaction on it waits behind it.
 */
export async function holdTable(table = listDocUpdatesTable): Promise<{ release(): void; done: Promise<void> }> {
  const opened = indexedDB.open(userShortlistDbName);
  const connection = await new Promise<IDBDatabase>((resolve, reject) => {
    opened.onsuccess = () => resolve(opened.result);
    opened.onerror = () => reject(opened.error);
  });
  const transaction = connection.transaction([table], 'readwrite');
  const store = transaction.objectStore(table);
  let held = true;
  const again = () => {
    if (held) store.count().onsuccess = again;
  };
  again();
  const done = new Promise<void>((resolve) => {
    transaction.oncomplete = () => {
      connection.close();
      resolve();
    };
  });
  return { release: () => (held = false), done };
}
