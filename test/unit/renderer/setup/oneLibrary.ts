/**
 * Every renderer test starts with an empty one library (and no search snapshot of it): the app opens one database for every
 * connection (renderer/src/db/sharedLibrary.ts), so what a test synced would otherwise be there in
 * the next. Runs after the test file's own cleanup (after-hooks run in reverse order).
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach } from 'vitest';
import { libraryDbName } from '../../../../renderer/src/db/libraryDb.ts';
import { deleteSearchSnapshots } from '../../../../renderer/src/db/searchSnapshotDb.ts';
import { closeSharedLibrary } from '../../../../renderer/src/db/sharedLibrary.ts';

afterEach(async () => {
  closeSharedLibrary();
  await Dexie.delete(libraryDbName);
  await deleteSearchSnapshots(libraryDbName);
});
