/**
 * `npm run bench -- server`: the directory service with 50,000 demo actors on PGlite. For each
 * request kind: p50 and p95 latency over real HTTP, and the ratio to the floor — the same fastify
 * answering a pre-serialised body of the same size, i.e. what HTTP alone costs here.
 */
import Fastify from 'fastify';
import { actorListFields } from '../../contract/list-fields.ts';
import { startDirectory } from '../../server/src/startDirectory.ts';
import { bench, summarize } from './stats.ts';

interface Scenario {
  name: string;
  /** A request path for the i-th sample. */
  path(i: number): string;
}

const everyActorListField = actorListFields.join(',');
const fixedSearchTerms = ['jon', 'mueler', 'anna', 'schmidt', 'lukas', 'weber', 'mari', 'zoe', 'kowalski', 'celik'];

async function timeRequests(baseUrl: string, key: string, scenario: Scenario, samples: number): Promise<{ latencies: number[]; body: Buffer }> {
  const latencies: number[] = [];
  let body = Buffer.alloc(0);
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${scenario.path(i)}`, { headers: { authorization: `Token token=${key}` } });
    body = Buffer.from(await response.arrayBuffer());
    latencies.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${scenario.name}: ${scenario.path(i)} answered ${response.status}: ${body.toString()}`);
  }
  return { latencies, body };
}

/** The floor: fastify sending a ready buffer of the same size as the real answer. */
async function floorLatencies(body: Buffer, samples: number): Promise<number[]> {
  const app = Fastify();
  app.get('/floor', async (_request, reply) => reply.type('application/json').send(body));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  try {
    const latencies: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      await (await fetch(`http://127.0.0.1:${port}/floor`)).arrayBuffer();
      latencies.push(performance.now() - started);
    }
    return latencies;
  } finally {
    await app.close();
  }
}

export async function runServerBench(): Promise<void> {
  const actors = Number(process.env.BENCH_ACTORS ?? 50_000);
  const samples = Number(process.env.BENCH_SAMPLES ?? 200);
  const loadStarted = performance.now();
  const directory = await startDirectory({ port: 0, demo: { actors, crew: 300, castingCalls: 60, seed: 1 }, rateLimit: false });
  bench('server.demo_start', (performance.now() - loadStarted) / 1000, 's');
  const pro = directory.keys.find((k) => k.key.includes('casting-pro')) ?? directory.keys[directory.keys.length - 1];
  try {
    const firstPage = await fetch(`${directory.baseUrl}/api/v1/actor_profiles?per_page=1000&fields=first_name,last_name`, { headers: { authorization: `Token token=${pro.key}` } });
    const total = Number(firstPage.headers.get('total'));
    const served = (await firstPage.json()) as { id: number; first_name: string; last_name: string }[];
    // Details of served (active) profiles only: merged and deleted ids answer 410.
    const detailIds = served.map((item) => item.id);
    // Many different searches (mostly distinct, so remembered totals rarely help), plus the fixed examples.
    const searchTerms = [...new Set([...fixedSearchTerms, ...served.flatMap((item) => [item.first_name.slice(0, 3), item.last_name.slice(0, 5)])])];
    const pages250 = Math.max(1, Math.floor(total / 250));
    const pages1000 = Math.max(1, Math.floor(total / 1000));
    const scenarios: Scenario[] = [
      { name: 'list250', path: (i) => `/api/v1/actor_profiles?per_page=250&page=${(i % pages250) + 1}&include_picture=true&picture_version=thumb_large&fields=${everyActorListField}` },
      { name: 'list1000', path: (i) => `/api/v1/actor_profiles?per_page=1000&page=${(i % pages1000) + 1}&fields=${everyActorListField}` },
      { name: 'q', path: (i) => `/api/v1/actor_profiles?q=${searchTerms[i % searchTerms.length]}&fields=name,gender,updated_at` },
      { name: 'detail', path: (i) => `/api/v1/actor_profiles/${detailIds[(i * 7919) % detailIds.length]}` },
      { name: 'casting_calls_current', path: () => `/api/v1/casting_calls?current=true&fields=name,casting_type,deadline,deadline_visible` },
    ];
    for (const scenario of scenarios) {
      await timeRequests(directory.baseUrl, pro.key, scenario, 20); // warm-up
      const { latencies, body } = await timeRequests(directory.baseUrl, pro.key, scenario, scenario.name === 'list1000' ? Math.ceil(samples / 2) : samples);
      const measured = summarize(latencies);
      const floor = summarize(await floorLatencies(body, samples));
      bench(`server.${scenario.name}.p50`, measured.p50, 'ms');
      bench(`server.${scenario.name}.p95`, measured.p95, 'ms');
      bench(`server.${scenario.name}.iqr`, measured.p75 - measured.p25, 'ms');
      bench(`server.${scenario.name}.bytes`, body.length, 'B');
      bench(`server.${scenario.name}.p50_ratio_to_floor`, measured.p50 / floor.p50, 'x');
      bench(`server.${scenario.name}.p95_ratio_to_floor`, measured.p95 / floor.p95, 'x');
    }
  } finally {
    await directory.close();
  }
}
