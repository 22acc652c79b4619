/**
 * Reading an export's pictures: each distinct one once, a few at a time. The contact sheet and the
 * presentation package both read from the offline media cache and scale each picture in the page's
 * image decoder (fitPicture.ts). The package read all of a list's at once, so every picture of a
 * list of hundreds was fetched, decoded and held as a bitmap at the same time; the sheet had its
 * own pool of six. One pool now, for both.
 */

/** Pictures read and scaled at the same time. */
const pictureConcurrency = 6;

/** Reads every distinct picture of `urls` once, a few at a time; a failing read counts as no picture. */
export async function loadExportPictures(urls: Iterable<string>, loadPicture: (url: string) => Promise<Uint8Array | null>): Promise<Map<string, Uint8Array | null>> {
  const results = new Map<string, Uint8Array | null>();
  const queue = [...new Set(urls)];
  async function worker(): Promise<void> {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        results.set(url, await loadPicture(url));
      } catch {
        results.set(url, null);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(pictureConcurrency, queue.length) }, worker));
  return results;
}
