/** Demo keys get fresh random secrets when a demo directory creates its data (issue 10). */
import { describe, expect, it } from 'vitest';
import { withRandomSecrets } from '../../../server/src/demo/apiKeys.ts';
import { generateDemoFixture } from '../../../server/src/demo/generateDemoFixture.ts';

describe('withRandomSecrets', () => {
  const seeded = generateDemoFixture({ actors: 5, crew: 1, castingCalls: 0, seed: 1, now: new Date('2026-06-15T12:00:00Z') }).api_keys;

  it('keeps names and rights, replaces each secret by 128 random bits', () => {
    const issued = withRandomSecrets(seeded);
    expect(issued).toHaveLength(seeded.length);
    for (const [index, key] of issued.entries()) {
      const name = seeded[index]!.key.replace(/-[0-9a-f]{16}$/, '');
      expect(key.key).toMatch(new RegExp(`^${name}-[0-9a-f]{32}$`));
      expect({ ...key, key: '' }).toEqual({ ...seeded[index], key: '' });
    }
    expect(issued.at(-1)!.key).toMatch(/^demo-casting-pro-[0-9a-f]{32}$/);
  });

  it('never gives the same keys twice', () => {
    const first = withRandomSecrets(seeded).map(({ key }) => key);
    const second = withRandomSecrets(seeded).map(({ key }) => key);
    for (const key of first) expect(second).not.toContain(key);
    expect(new Set(first).size).toBe(first.length);
  });
});
