/**
 * Live changes of a demo directory (issue 22, 13b) against the REAL service on PGlite: the test
 * owns the change clock and steps it explicitly, then reads what changed through the API the app
 * syncs from — edited actors with updated_at advanced (a new main picture, a new credit, a new
 * primary agency), a retired actor answering 410 `deleted`, a new current casting call with a role
 * — and checks that the same seed changes the same profiles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActorDetail, CastingCallDetail } from '../../contract/directory-api.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

const demo = { actors: 40, crew: 4, castingCalls: 6, seed: 7 };

interface Started {
  directory: RunningDirectory;
  key: string;
  step: () => Promise<void>;
  log: string[];
}

/** The service's clock, moved on by the test before each step. */
let now = new Date(Date.now() + 86_400_000);

async function start(): Promise<Started> {
  const log: string[] = [];
  let step: (() => Promise<void>) | undefined;
  const directory = await startDirectory({
    port: 0,
    demo,
    rateLimit: false,
    now: () => now,
    log: (line) => log.push(line),
    liveChanges: {
      everySeconds: 60,
      clock: (run) => {
        step = run;
        return () => (step = undefined);
      },
    },
  });
  const key = directory.keys.find((entry) => entry.key.startsWith('demo-casting-pro'))!.key;
  return { directory, key, step: () => step!(), log };
}

async function get<T = unknown>(started: Started, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${started.directory.baseUrl}${path}`, { headers: { Authorization: `Token token=${started.key}` } });
  return { status: response.status, body: (await response.json()) as T };
}

/** The ids the step's log line names: edited (picture, credit, agency), retired, casting call. */
function stepIds(log: string[], step: number): { edited: number[]; retired: number; castingCall: number } {
  const line = log.find((entry) => entry.startsWith(`Live changes, step ${step}:`));
  expect(line, log.join('\n')).toBeDefined();
  const match = /actors (\d+), (\d+), (\d+) edited, (\d+) retired, casting call (\d+) added/.exec(line!)!;
  return { edited: [match[1], match[2], match[3]].map(Number), retired: Number(match[4]), castingCall: Number(match[5]) };
}

let first: Started;

beforeAll(async () => {
  first = await start();
}, 120_000);

afterAll(async () => {
  await first?.directory.close();
});

describe('live changes of the demo directory', () => {
  it('changes nothing until the clock ticks', async () => {
    const since = Math.floor(now.getTime() / 1000) - 1;
    const { body } = await get<unknown[]>(first, `/api/v1/actor_profiles?updated_at[gte]=${since}&fields=updated_at`);
    expect(body).toEqual([]);
    expect(first.log.some((line) => line.startsWith('Live changes, step'))).toBe(false);
  });

  it('edits three actors, retires one and adds a current casting call with a role on each tick', async () => {
    const before = (await get(first, '/api/v1/casting_calls?current=true&per_page=250')).body as { id: number }[];
    const actorIds = (await get<{ id: number }[]>(first, '/api/v1/actor_profiles?per_page=250')).body.map((actor) => actor.id);
    const earlier = new Map(await Promise.all(actorIds.map(async (id) => [id, (await get<ActorDetail>(first, `/api/v1/actor_profiles/${id}`)).body] as const)));
    now = new Date(now.getTime() + 60_000);
    const since = Math.floor(now.getTime() / 1000);
    await first.step();
    const { edited, retired, castingCall } = stepIds(first.log, 0);

    const updated = (await get(first, `/api/v1/actor_profiles?updated_at[gte]=${since}&fields=updated_at&per_page=250`)).body as { id: number; updated_at: string }[];
    expect(updated.map((actor) => actor.id).sort((a, b) => a - b)).toEqual([...edited].sort((a, b) => a - b));
    for (const actor of updated) expect(Date.parse(actor.updated_at)).toBeGreaterThanOrEqual(since * 1000);

    const [pictured, credited, moved] = await Promise.all(edited.map(async (id) => (await get<ActorDetail>(first, `/api/v1/actor_profiles/${id}`)).body));
    expect(pictured!.pictures?.[0]).toMatchObject({ id: 900_000_000, main_picture: true, main_picture_portrait: true });
    expect(pictured!.pictures).toHaveLength((earlier.get(edited[0]!)!.pictures?.length ?? 0) + 1);
    expect(credited!.vita?.film?.[0]).toMatchObject({ year_from: now.getUTCFullYear(), in_development: true });
    expect(credited!.vita?.film).toHaveLength((earlier.get(edited[1]!)!.vita?.film?.length ?? 0) + 1);
    const primaryOf = (actor: ActorDetail) => actor.talent_agency_connections.find((c) => c.connection_type === 'primary_agency');
    expect(primaryOf(moved!)?.talent_agency_id).not.toBe(primaryOf(earlier.get(edited[2]!)!)?.talent_agency_id);
    expect(primaryOf(moved!)?.talent_agency_name).toBeTruthy();
    expect(earlier.get(retired)?.id).toBe(retired);

    const gone = await get(first, `/api/v1/actor_profiles/${retired}`);
    expect(gone).toEqual({ status: 410, body: { id: retired, status: 'deleted' } });
    const listed = (await get(first, '/api/v1/actor_profiles?per_page=250')).body as { id: number }[];
    expect(listed.map((actor) => actor.id)).not.toContain(retired);

    const after = (await get(first, '/api/v1/casting_calls?current=true&per_page=250')).body as { id: number }[];
    const ids = (calls: { id: number }[]) => calls.map((call) => call.id).sort((a, b) => a - b);
    expect(ids(after)).toEqual([...ids(before), castingCall]);
    const call = (await get<CastingCallDetail & { created_at: string }>(first, `/api/v1/casting_calls/${castingCall}`)).body;
    expect(call.roles).toHaveLength(1);
    expect(Date.parse(call.created_at)).toBe(now.getTime());
  });

  it('continues with other profiles on the next tick', async () => {
    now = new Date(now.getTime() + 60_000);
    await first.step();
    const one = stepIds(first.log, 0);
    const two = stepIds(first.log, 1);
    expect(two.retired).not.toBe(one.retired);
    expect(two.castingCall).toBe(one.castingCall + 1);
  });

  it('changes the same profiles for the same seed', async () => {
    const second = await start();
    try {
      await second.step();
      await second.step();
      expect(stepIds(second.log, 0)).toEqual(stepIds(first.log, 0));
      expect(stepIds(second.log, 1)).toEqual(stepIds(first.log, 1));
    } finally {
      await second.directory.close();
    }
  }, 120_000);
});
