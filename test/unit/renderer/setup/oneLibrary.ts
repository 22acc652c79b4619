/**
 * Every renderer test starts with an empty one library: the app opens one database for every
 * connection (renderer/src/db/sharedLibrary.ts), so what a test synced would otherwise be there in
 * the next. Runs after the test file's own cleanup (after-hooks run in reverse order).
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach } from 'vitest';
import { libraryDbName } from '../../../../renderer/src/db/libraryDb.ts';
import { closeSharedLibrary } from '../../../../renderer/src/db/sharedLibrary.ts';

afterEach(async () => {
  closeSharedLibrary();
  await Dexie.delete(libraryDbName);
});
