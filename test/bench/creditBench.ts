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

function latencies(index: CreditIndex, texts: readonly string[]): number[] {
  return texts.map((text) => {
    const start = performance.now();
    index.search(text, { limit: 50 });
    return performance.now() - start;
  });
}

function report(name: string, samples: number[]): void {
  const summary = summarize(samples);
  bench(`credits.${name}_p50`, summary.p50, 'ms');
  bench(`credits.${name}_p95`, summary.p95, 'ms');
  bench(`credits.${name}_max`, summary.max, 'ms');
  bench(`credits.${name}_n`, summary.n, 'queries');
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
    report(`query_${kind}`, queries.flatMap((query, i) => (query.kind === kind ? [whole[i]!] : [])));
  }
  const typed = queries.slice(0, 60).flatMap((query) => keystrokesOf(query.text));
  report('keystroke', latencies(index, typed));

  const replaced = profiles.slice(0, 2000);
  const replaceStart = performance.now();
  for (const profile of replaced) index.put(profile.kind, profile.id, profile.texts.slice().reverse());
  bench('credits.replace_per_profile', ((performance.now() - replaceStart) * 1000) / replaced.length, 'us');
  bench('credits.load_after', loadavg()[0]!, 'load1');
}
