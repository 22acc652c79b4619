/**
 * The demo as the loader reads it: rows made from the profiles as they are generated. The
 * generator writes about_me_html in the sanitizer's own output form (a unit test holds it to
 * that), so its rows skip sanitizing it again.
 */
import type { FixtureSource } from '../fixture/fixtureSource.ts';
import { actorRowBatches, crewRow } from '../fixture/storedRows.ts';
import { streamDemoFixture, type DemoOptions } from './generateDemoFixture.ts';

export function demoFixtureSource(options: DemoOptions): FixtureSource {
  const stream = streamDemoFixture(options);
  return {
    actorRowBatches: actorRowBatches(stream.actorProfiles, true),
    remainder: async () => {
      const { api_keys, crew_profiles, casting_calls } = stream.remainder();
      return { agencies: stream.agencies, api_keys, casting_calls, crewRows: crew_profiles.map((member) => crewRow(member, true)) };
    },
  };
}
