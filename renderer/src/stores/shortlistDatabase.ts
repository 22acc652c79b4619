/**
 * The app's one handle on the user's shortlist database, shared by the stores that keep it open
 * (the shortlists store and the office lists store). y-dexie keeps one document per list and per
 * database instance: with a handle each, a list open in the list view had two documents in the
 * page, which learnt each other's changes only through the database, so a colleague's change
 * arriving while the member's own was on its way between them wrote the row from the older one
 * (renderer/src/sync/OFFICE.md). A handle that closes (a test's end, the database deleted
 * elsewhere) is forgotten, and the next open opens it anew. A store, so each app has its own.
 */
import { defineStore } from 'pinia';
import { openShortlistDb, type ShortlistDb } from '../db/shortlistDb.ts';

export const useShortlistDatabaseStore = defineStore('shortlistDatabase', () => {
  let opening: Promise<ShortlistDb> | null = null;

  function open(): Promise<ShortlistDb> {
    if (opening) return opening;
    const mine: Promise<ShortlistDb> = openShortlistDb().then(
      (db) => {
        db.on('close', () => {
          if (opening === mine) opening = null;
        });
        return db;
      },
      (failure: unknown) => {
        if (opening === mine) opening = null;
        throw failure;
      },
    );
    opening = mine;
    return mine;
  }

  return { open };
});
