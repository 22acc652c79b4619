import { describe, expect, it } from 'vitest';
import type { DemoStatus } from '../../../contract/bridge.ts';
import { demoStatusAfter } from '../../../electron/core/demo/demoPhase.ts';

describe('the demo directory start as the first start shows it', () => {
  it('follows the lines the service and the launcher report', () => {
    const lines = [
      'Demo directory: Generating demo data: 1942 actors, 300 crew, 60 casting calls (seed 7) …',
      'Demo directory: Demo data: 200 of 1942 actors written.',
      'Demo directory: some other line',
      'Demo directory: Demo data: 1942 of 1942 actors written.',
      'Demo directory: Demo data ready in 41.2 s.',
      'Demo directory listening on http://127.0.0.1:41234; a demo key was obtained.',
    ];
    const seen: DemoStatus[] = [];
    let status: DemoStatus = { phase: 'starting' };
    for (const line of lines) seen.push((status = demoStatusAfter(line, status)));
    expect(seen).toEqual([
      { phase: 'generating', actors: 1942, crew: 300, castingCalls: 60, actorsWritten: 0 },
      { phase: 'generating', actors: 1942, crew: 300, castingCalls: 60, actorsWritten: 200 },
      { phase: 'generating', actors: 1942, crew: 300, castingCalls: 60, actorsWritten: 200 },
      { phase: 'generating', actors: 1942, crew: 300, castingCalls: 60, actorsWritten: 1942 },
      { phase: 'starting', actors: 1942, crew: 300, castingCalls: 60, actorsWritten: 1942 },
      { phase: 'ready' },
    ]);
    // A count outside the generating phase (a stray line) changes nothing.
    expect(demoStatusAfter('Demo data: 5 of 10 actors written.', { phase: 'ready' })).toEqual({ phase: 'ready' });
    expect(demoStatusAfter('Demo directory: Reusing the demo data already in the data folder.', { phase: 'starting' })).toEqual({ phase: 'reopening' });
  });
});
