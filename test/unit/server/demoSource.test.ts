/**
 * The demo as the loader reads it: generated on a worker thread, its rows are the ones the loader
 * makes from the whole fixture. It skips sanitizing about_me_html again, which is right only while
 * the generator writes it exactly as the sanitizer would serve it.
 */
import { describe, expect, it } from 'vitest';
import { demoWorkerSource } from '../../../server/src/demo/demoWorkerSource.ts';
import { generateDemoFixture, streamDemoFixture } from '../../../server/src/demo/generateDemoFixture.ts';
import { fixtureSource } from '../../../server/src/fixture/fixtureSource.ts';
import { sanitizeLocalizedHtml } from '../../../server/src/text/profileHtml.ts';

const now = new Date('2026-11-21T12:00:00.000Z');

async function rowsOf(source: ReturnType<typeof fixtureSource>) {
  const actorRows = [];
  for await (const batch of source.actorRowBatches) actorRows.push(...batch);
  return { actorRows, ...(await source.remainder()) };
}

describe('the demo source', { timeout: 120_000 }, () => {
  it('writes about_me_html in the form the sanitizer serves, so the load may skip sanitizing it', () => {
    const stream = streamDemoFixture({ actors: 3000, crew: 300, castingCalls: 0, seed: 4, now });
    const profiles = [...stream.actorProfiles, ...stream.remainder().crew_profiles];
    const texts = profiles.map((profile) => profile.about_me_html).filter((html) => html);
    expect(texts.length).toBeGreaterThan(2000);
    expect(texts.some((html) => JSON.stringify(html).includes('<a href='))).toBe(true);
    for (const html of texts) expect(sanitizeLocalizedHtml(html)).toEqual(html);
  });

  it('gives the rest only after every actor profile', () => {
    const stream = streamDemoFixture({ actors: 4, crew: 1, castingCalls: 1, seed: 9, now });
    expect(() => stream.remainder()).toThrow(/every actor profile/);
  });

  it('makes on its worker thread the rows the loader makes from the whole fixture', async () => {
    const options = { actors: 1500, crew: 40, castingCalls: 12, seed: 9, now };
    const fromWorker = await rowsOf(demoWorkerSource(options));
    const fromFixture = await rowsOf(fixtureSource(generateDemoFixture(options)));
    expect(fromWorker.actorRows).toHaveLength(1500);
    expect(fromWorker).toEqual(fromFixture);
  });

  it('reports a generator that fails', async () => {
    const source = demoWorkerSource({ actors: -1, crew: 0, castingCalls: 0, seed: 1, now });
    await expect(rowsOf(source)).rejects.toThrow(/actors must be a whole number/);
  });
});
