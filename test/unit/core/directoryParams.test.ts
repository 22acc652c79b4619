/**
 * Parameter encoding, the client-side refusals, full-jitter backoff and the JSON paths a
 * bad_response names. fast-check covers the paging bounds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateAnswer } from '../../../electron/core/directory/answerValidation.ts';
import { backoffCeilingMs, fullJitterDelayMs } from '../../../contract/backoff.ts';
import { maxPerPage } from '../../../contract/list-limits.ts';
import { encodeParams } from '../../../electron/core/directory/directoryParams.ts';
import { DirectoryError, formatJsonPath } from '../../../electron/core/directory/directoryError.ts';

const endpoint = 'GET /api/v1/actor_profiles';

describe('encodeParams', () => {
  it('writes bracketed names, joins lists, repeats professions[], converts dates and skips undefined', () => {
    const query = encodeParams(
      {
        updated_at_gte: new Date('2026-01-01T00:00:00.900Z'),
        acting_age_gte: 20,
        acting_age_lte: 30,
        languages: ['deu', 'eng'],
        fields: ['name', 'age'],
        professions: ['regie', 'kamera'],
        include_picture: false,
        q: undefined,
      },
      endpoint,
    );
    expect([...query.entries()]).toEqual([
      ['updated_at[gte]', '1767225600'],
      ['acting_age[gte]', '20'],
      ['acting_age[lte]', '30'],
      ['languages', 'deu,eng'],
      ['fields', 'name,age'],
      ['professions[]', 'regie'],
      ['professions[]', 'kamera'],
      ['include_picture', 'false'],
    ]);
  });

  it('accepts every page and per_page in range and refuses the rest before sending', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: maxPerPage }), (page, perPage) => {
        expect(encodeParams({ page, per_page: perPage }, endpoint).toString()).toBe(`page=${page}&per_page=${perPage}`);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: maxPerPage + 1 }), fc.integer({ max: 0 }), fc.double({ noInteger: true })), (perPage) => {
        expect(() => encodeParams({ per_page: perPage }, endpoint)).toThrow(DirectoryError);
      }),
    );
    try {
      encodeParams({ per_page: 1001 }, endpoint);
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_request', endpoint, attempts: 0 });
      expect((error as Error).message).toMatch(/at most 1000/);
    }
  });
});

describe('fullJitterDelayMs', () => {
  it('draws between 0 and base·2^attempt, capped', () => {
    expect(fullJitterDelayMs(0, { random: () => 0.999_999 })).toBe(499);
    expect(fullJitterDelayMs(3, { random: () => 0.5 })).toBe(2_000);
    expect(fullJitterDelayMs(20, { random: () => 0.5, capMs: 10_000 })).toBe(5_000);
    expect(fullJitterDelayMs(4, { random: () => 0 })).toBe(0);
  });

  it('has a ceiling of its own for a retry without jitter (the demo directory restarting): 1, 2, 4 … s, capped', () => {
    const restarts = [0, 1, 2, 3, 4, 5].map((attempt) => backoffCeilingMs(attempt, { baseMs: 1000, capMs: 30_000 }));
    expect(restarts).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
  });
});

describe('bad responses', () => {
  it('formats JSON paths', () => {
    expect(formatJsonPath([])).toBe('$');
    expect(formatJsonPath(['roles', 0, 'languages', 'deu'])).toBe('$.roles[0].languages.deu');
    expect(formatJsonPath(['special_skills', '105'])).toBe('$.special_skills["105"]');
  });

  it('names the endpoint and the path of the first bad field, and counts the rest', () => {
    const schema = z.array(z.looseObject({ id: z.number(), name: z.string().optional() }));
    expect(() => validateAnswer(schema, [{ id: 1, extra: true }], endpoint)).not.toThrow();
    try {
      validateAnswer(schema, [{ id: 1 }, { id: 'x' }, { id: 3, name: 4 }, { id: null }, {}], endpoint);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'bad_response', endpoint, path: [1, 'id'] });
      expect((error as Error).message).toContain('$[1].id');
      expect((error as Error).message).toContain('$[2].name');
      expect((error as Error).message).toContain('(and 1 more)');
    }
  });
});
