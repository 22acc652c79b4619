/**
 * A write that never ends, for the typed-note specs (typedNotes.spec.ts, officeShared.spec.ts):
 * while it holds the entries, none of the app's writes of an entry can commit, so after a crash
 * only the keystrokes' journal (renderer/src/db/typedEdits.ts) can have what was typed.
 */
import type { Page } from '@playwright/test';

/**
 * Keeps the shortlist database's entries in a read-write transaction of a connection of its own,
 * one request after another, until the page dies: every write of an entry waits behind it, as
 * behind a long write on a busy machine. Returns once the transaction holds the table.
 */
export async function holdEntriesTable(page: Page): Promise<void> {
  await page.evaluate(async () => {
    type Request<T> = { result: T; error: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
    type Database = { transaction(stores: string[], mode: 'readwrite'): { objectStore(name: string): { count(): Request<number> } } };
    const browser = globalThis as unknown as { indexedDB: { open(name: string): Request<Database> } };
    const request = browser.indexedDB.open('castdesk-shortlists');
    const db = await new Promise<Database>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    const store = db.transaction(['entries'], 'readwrite').objectStore('entries');
    await new Promise<void>((resolve) => {
      const again = () => {
        store.count().onsuccess = again;
        resolve();
      };
      store.count().onsuccess = again;
    });
  });
}
