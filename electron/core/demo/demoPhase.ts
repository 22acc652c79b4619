/**
 * How far the embedded demo directory's start has got, read from the lines it reports (the
 * service's own progress lines and the launcher's), so the first start can say more than
 * "Connecting …": the phase, and while the demo data is generated how many actors are written.
 */
import type { DemoStatus } from '../../../contract/bridge.ts';

const generating = /Generating demo data: (\d+) actors, (\d+) crew, (\d+) casting calls/;
const written = /Demo data: (\d+) of (\d+) actors written/;

/** The status after `line`; lines that say nothing about the start leave it as it was. */
export function demoStatusAfter(line: string, status: DemoStatus): DemoStatus {
  const counts = generating.exec(line);
  if (counts) return { phase: 'generating', actors: Number(counts[1]), crew: Number(counts[2]), castingCalls: Number(counts[3]), actorsWritten: 0 };
  const progress = written.exec(line);
  if (progress && status.phase === 'generating') return { ...status, actorsWritten: Number(progress[1]), actors: Number(progress[2]) };
  if (line.includes('Reusing the demo data')) return { phase: 'reopening' };
  if (line.includes('Demo data ready')) return { ...status, phase: 'starting' };
  if (line.includes('Demo directory listening on') || line.includes('Demo directory restarted on')) return { phase: 'ready' };
  return status;
}
