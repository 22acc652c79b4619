/**
 * An export reads its pictures a few at a time (shortlists/exportPictures.ts): the presentation
 * package read, decoded and scaled all of a list's at once. Each distinct picture is read once; a
 * failing one is no picture, the rest go on.
 */
import { expect, it } from 'vitest';
import { loadExportPictures } from '../../../renderer/src/shortlists/exportPictures.ts';

it('reads each distinct picture once, never more than six at once, and a failing read is no picture', async () => {
  let reading = 0;
  let most = 0;
  const reads: string[] = [];
  const releases: (() => void)[] = [];
  const urls = Array.from({ length: 100 }, (_, n) => `https://d.example/p/${n % 80}.jpg`);
  const loading = loadExportPictures(urls, async (url) => {
    reads.push(url);
    reading += 1;
    most = Math.max(most, reading);
    // Each read waits until the test lets it end, so the ones under way pile up if nothing holds them back.
    await new Promise<void>((resolve) => releases.push(resolve));
    reading -= 1;
    if (url.endsWith('/13.jpg')) throw new Error('unreadable');
    return new Uint8Array([Number(/(\d+)\.jpg$/.exec(url)![1])]);
  });
  while (reads.length < 80 || releases.length > 0) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    releases.splice(0).forEach((release) => release());
  }
  const pictures = await loading;
  expect(most).toBe(6);
  expect(reads.sort()).toEqual([...new Set(urls)].sort());
  expect(pictures.size).toBe(80);
  expect(pictures.get('https://d.example/p/13.jpg')).toBeNull();
  expect(pictures.get('https://d.example/p/42.jpg')).toEqual(new Uint8Array([42]));
});
