/**
 * `npm run bench -- credits`: the credit search (renderer/src/search/creditIndex.ts) over 50,000
 * profiles whose vitas and about-me texts come from the demo generator: the time to add them all
 * one by one (as details arrive), the heap it holds, per-query latency (whole queries of every
 * kind, and every keystroke typed on the way to some), and replacing a profile's texts. Target:
 * p95 ≤ 30 ms per query.
 */
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CreditIndex } from '../../renderer/src/search/creditIndex.ts';
import { creditQueries, generatedProfiles, keystrokesOf } from './creditCorpus.ts';
import { bench, summarize } from './stats.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapMb(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const profileCount = 50_000;

interface Latencies {
  wall: number[];
  /** CPU time of the process per query: on a shared machine the wall time also counts waiting for a core. */
  cpu: number[];
}

function latencies(index: CreditIndex, texts: readonly string[]): Latencies {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const text of texts) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    index.search(text, { limit: 50 });
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

function report(name: string, samples: Latencies): void {
  const wall = summarize(samples.wall);
  const cpu = summarize(samples.cpu);
  bench(`credits.${name}_p50`, wall.p50, 'ms');
  bench(`credits.${name}_p95`, wall.p95, 'ms');
  bench(`credits.${name}_max`, wall.max, 'ms');
  bench(`credits.${name}_cpu_p50`, cpu.p50, 'ms');
  bench(`credits.${name}_cpu_p95`, cpu.p95, 'ms');
  bench(`credits.${name}_n`, wall.n, 'queries');
}

export async function runCreditBench(): Promise<void> {
  bench('credits.load_before', loadavg()[0]!, 'load1');
  const profiles = generatedProfiles(profileCount, 7);
  bench('credits.texts_per_profile', profiles.reduce((sum, profile) => sum + profile.texts.length, 0) / profiles.length, 'texts');

  const heapBefore = heapMb();
  const index = new CreditIndex();
  const buildStart = performance.now();
  for (const profile of profiles) index.put(profile.kind, profile.id, profile.texts);
  const buildMs = performance.now() - buildStart;
  bench('credits.build', buildMs, 'ms');
  bench('credits.build_per_profile', (buildMs * 1000) / profiles.length, 'us');
  bench('credits.heap', heapMb() - heapBefore, 'MB');
  bench('credits.words', index.wordCount, 'words');

  const queries = creditQueries(profiles, 450, 11);
  // Warm-up: the first queries compile the matcher.
  latencies(index, queries.slice(0, 20).map((query) => query.text));
  const whole = latencies(index, queries.map((query) => query.text));
  report('query', whole);
  for (const kind of ['title', 'director', 'directorReversed', 'typo', 'umlautDropped', 'titleAndDirector'] as const) {
    const ofKind = (samples: number[]) => samples.filter((_, i) => queries[i]!.kind === kind);
    report(`query_${kind}`, { wall: ofKind(whole.wall), cpu: ofKind(whole.cpu) });
  }
  const typed = queries.slice(0, 60).flatMap((query) => keystrokesOf(query.text));
  report('keystroke', latencies(index, typed));

  const replaced = profiles.slice(0, 2000);
  const replaceStart = performance.now();
  for (const profile of replaced) index.put(profile.kind, profile.id, profile.texts.slice().reverse());
  bench('credits.replace_per_profile', ((performance.now() - replaceStart) * 1000) / replaced.length, 'us');
  bench('credits.load_after', loadavg()[0]!, 'load1');
}
