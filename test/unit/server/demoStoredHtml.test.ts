/**
 * The demo loads without sanitizing about_me_html again (streamDemoFixture sets htmlSanitized),
 * which is right only while the generator writes it exactly as the sanitizer would serve it.
 */
import { describe, expect, it } from 'vitest';
import { generateDemoFixture, streamDemoFixture } from '../../../server/src/demo/generateDemoFixture.ts';
import { sanitizeLocalizedHtml } from '../../../server/src/text/profileHtml.ts';

const now = new Date('2026-11-21T12:00:00.000Z');

describe('the demo stream', { timeout: 60_000 }, () => {
  it('writes about_me_html in the form the sanitizer serves, so the load may skip sanitizing it', () => {
    const source = streamDemoFixture({ actors: 3000, crew: 300, castingCalls: 0, seed: 4, now });
    expect(source.htmlSanitized).toBe(true);
    const profiles = [...source.actorProfiles, ...source.remainder().crew_profiles];
    const texts = profiles.map((profile) => profile.about_me_html).filter((html) => html);
    expect(texts.length).toBeGreaterThan(2000);
    expect(texts.some((html) => JSON.stringify(html).includes('<a href='))).toBe(true);
    for (const html of texts) expect(sanitizeLocalizedHtml(html)).toEqual(html);
  });

  it('gives the rest only after every actor profile, and the same data as the whole fixture', () => {
    const options = { actors: 40, crew: 5, castingCalls: 3, seed: 9, now };
    const source = streamDemoFixture(options);
    expect(() => source.remainder()).toThrow(/every actor profile/);
    const actors = [...source.actorProfiles];
    const rest = source.remainder();
    expect({ agencies: source.agencies, actor_profiles: actors, ...rest }).toEqual(generateDemoFixture(options));
  });
});
