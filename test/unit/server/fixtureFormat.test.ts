import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FixtureError, parseFixture } from '../../../server/src/fixture/parseFixture.ts';

const doc = readFileSync(new URL('../../../server/FIXTURES.md', import.meta.url), 'utf8');
const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(doc)![1]) as Record<string, unknown>;

function problemsOf(input: unknown): { path: string; reason: string }[] {
  try {
    parseFixture(input);
  } catch (error) {
    if (error instanceof FixtureError) return error.problems;
    throw error;
  }
  return [];
}

describe('the fixture format', () => {
  it('accepts the complete example in server/FIXTURES.md', () => {
    const fixture = parseFixture(example);
    expect(fixture.actor_profiles).toHaveLength(3);
    expect(fixture.api_keys[0].invited_role_ids).toEqual([]);
  });

  it('names the JSON path and the reason of a wrong field', () => {
    const broken = structuredClone(example) as { actor_profiles: { talent_agency_connections: { connection_type: string }[] }[] };
    broken.actor_profiles[0].talent_agency_connections[0].connection_type = 'main_agency';
    const problems = problemsOf(broken);
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('$.actor_profiles[0].talent_agency_connections[0].connection_type');
    expect(problems[0].reason).toMatch(/primary_agency/);
  });

  it('rejects duplicate ids, unknown agencies and dangling merges with their paths', () => {
    const broken = structuredClone(example) as {
      actor_profiles: { id: number; status?: unknown }[];
      crew_profiles: { talent_agency_id: number }[];
      casting_calls: { roles: { id: number }[] }[];
    };
    broken.actor_profiles[2].id = 1;
    broken.actor_profiles[1].status = { merged_into: 99 };
    broken.crew_profiles[0].talent_agency_id = 7;
    broken.casting_calls[1].roles[0].id = 20;
    const paths = problemsOf(broken).map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '$.actor_profiles[2].id',
        '$.actor_profiles[1].status.merged_into',
        '$.crew_profiles[0].talent_agency_id',
        '$.casting_calls[1].roles[0].id',
      ]),
    );
  });

  it('requires at least one API key', () => {
    expect(problemsOf({ ...example, api_keys: [] }).map((p) => p.path)).toEqual(['$.api_keys']);
  });
});
