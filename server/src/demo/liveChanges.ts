/**
 * Live changes for a demo directory. A real directory changes every day; generated demo data does
 * not, so "What changed", the Changes page, saved searches' new matches and new casting calls would
 * stay empty against it. Each step (one tick of the change clock) edits three active actors (a new
 * main picture, a new credit, a new primary agency), adds a public casting call with one open
 * role, and retires one actor (it then answers 410 `deleted`, as every removed profile does).
 * Which profiles a step touches follows from the seed and the step's number alone, and the
 * number is kept in the database, so the same demo changes the same way and a restart continues
 * where the last run stopped.
 */
import type { Database, Queryable } from '../db/database.ts';
import type { FixtureActor, FixtureCastingCall, FixtureRole } from '../fixture/schema.ts';
import { actorRow, castingCallRow } from '../fixture/storedRows.ts';
import { parsePictureFileName } from '../media/pictureGeometry.ts';
import { daysFrom, formatDatetime } from './datetime.ts';
import { pictureUrl } from './pictures.ts';
import { Random } from './random.ts';

/** What one step changed, by id: tests and the service's log read it. */
export interface LiveChangeStep {
  step: number;
  newPicture: number;
  newCredit: number;
  newAgency: number;
  retired: number;
  castingCall: number;
  role: number;
}

/** Ids of what live changes create live far above any the generator hands out. */
const createdIdBase = 900_000_000;
const stepKey = 'live_changes_step';

const creditTitles = ['Nachtschicht', 'Die Brücke am Fluss', 'Kaltes Licht', 'Unter Nachbarn', 'Der letzte Sommer', 'Grenzgänger', 'Stille Wasser', 'Das Erbe'];
const creditRoles = ['Lena', 'Kommissar Brandt', 'Jonas', 'Frau Keller', 'Der Fremde', 'Mia', 'Dr. Aydin', 'Paul'];
const callTitles = ['Neue Serie: Hafenwache', 'Kinofilm "Zwischen den Jahren"', 'Werbespot Bahn', 'Theater: Der Sturm', 'Kurzfilm "Atem"'];
const roleNames = ['Hauptrolle: Ärztin, Anfang 40', 'Nebenrolle: Polizist, 25–35', 'Episodenrolle: Schülerin, 16', 'Hauptrolle: Vater, 45–55'];

async function readStep(db: Queryable): Promise<number> {
  const [row] = await db.query<{ value: number }>(`SELECT value FROM service_meta WHERE key = $1`, [stepKey]);
  return row?.value ?? 0;
}

async function activeActorIds(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ id: number }>(`SELECT id FROM actor_profiles WHERE status = 'active' ORDER BY id`);
  return rows.map((row) => row.id);
}

async function readActor(db: Queryable, id: number): Promise<FixtureActor> {
  const [row] = await db.query<{ doc: string }>('SELECT doc FROM actor_records WHERE id = $1', [id]);
  return JSON.parse(row!.doc) as FixtureActor;
}

/** Writes an actor back in full: filter columns and both served documents, as a load would. */
async function writeActor(db: Queryable, actor: FixtureActor): Promise<void> {
  const row = actorRow(actor, true);
  await db.query(
    `UPDATE actor_profiles SET status = $2, merged_into = $3, agency_ids = $4::integer[], updated_at = $5 WHERE id = $1`,
    [row.id, row.status, row.merged_into, row.agency_ids, row.updated_at],
  );
  await db.query('UPDATE actor_records SET list_doc = $2, doc = $3 WHERE id = $1', [row.id, row.list_doc, row.doc]);
}

type Picture = NonNullable<FixtureActor['pictures']>[number];

/** A new picture of the same face (the look code of the actor's pictures), made the main picture in both orders. */
function addMainPicture(actor: FixtureActor, pictureId: number): void {
  const pictures = actor.pictures ?? [];
  const fileName = pictures[0]?.url?.split('/').pop() ?? '';
  const look = parsePictureFileName(fileName)?.look ?? 'a0';
  const url = pictureUrl(pictureId, 'original', look);
  const picture: Picture = {
    ...(pictures[0] ?? {}),
    id: pictureId,
    url,
    versions: {
      original: url,
      large: pictureUrl(pictureId, 'large', look),
      thumb: pictureUrl(pictureId, 'thumb', look),
      thumb_large: pictureUrl(pictureId, 'thumb_large', look),
      thumb_portrait: pictureUrl(pictureId, 'thumb_portrait', look),
    },
    visible: true,
    processing: false,
    crop_coordinates: undefined,
  } as Picture;
  const shift = (p: Picture): Picture => ({
    ...p,
    main_picture: false,
    main_picture_portrait: false,
    landscape_position: (p.landscape_position ?? 0) + 1,
    portrait_position: (p.portrait_position ?? 0) + 1,
    position: (p.position ?? 0) + 1,
  });
  actor.pictures = [
    { ...picture, main_picture: true, main_picture_portrait: true, landscape_position: 1, portrait_position: 1, position: 1 },
    ...pictures.map(shift),
  ];
}

function addCredit(actor: FixtureActor, random: Random, entryId: number, now: Date): void {
  const vita = (actor.vita ??= {});
  vita.film = [
    {
      id: entryId,
      name: random.pick(creditTitles),
      role: random.pick(creditRoles),
      year_from: now.getUTCFullYear(),
      year_to: now.getUTCFullYear(),
      in_development: true,
      visible: true,
    },
    ...(vita.film ?? []),
  ];
}

/** Moves the actor's primary agency to another agency of the directory. */
function changeAgency(actor: FixtureActor, agencyIds: number[], random: Random): void {
  const current = new Set(actor.talent_agency_connections.map((c) => c.talent_agency_id));
  const others = agencyIds.filter((id) => !current.has(id));
  if (others.length === 0) return;
  const agencyId = random.pick(others);
  const primary = actor.talent_agency_connections.findIndex((c) => c.connection_type === 'primary_agency');
  const connection = { talent_agency_id: agencyId, talent_agency_employee_id: null, connection_type: 'primary_agency' as const };
  if (primary < 0) actor.talent_agency_connections.unshift(connection);
  else actor.talent_agency_connections[primary] = connection;
}

async function addCastingCall(db: Queryable, random: Random, now: Date): Promise<{ callId: number; roleId: number }> {
  const [ids] = await db.query<{ call: number; role: number }>(
    `SELECT (SELECT coalesce(max(id), 0) FROM casting_calls) + 1 AS call, (SELECT coalesce(max(id), 0) FROM casting_roles) + 1 AS role`,
  );
  const deadline = daysFrom(now, random.int(7, 28));
  deadline.setUTCHours(16, 0, 0, 0);
  const [template] = await db.query<{ doc: string }>(`SELECT doc FROM casting_calls WHERE visibility = 'public' ORDER BY id LIMIT 1`);
  const base = template ? (JSON.parse(template.doc) as FixtureCastingCall) : undefined;
  const role: FixtureRole = {
    ...(base?.roles[0] ?? {}),
    id: ids!.role,
    name: random.pick(roleNames),
    deadline: null,
    active: true,
    deleted: false,
    acting_age_from: 25,
    acting_age_to: 45,
    created_at: formatDatetime(now),
    updated_at: formatDatetime(now),
  } as FixtureRole;
  const call = {
    ...(base ?? {}),
    id: ids!.call,
    name: random.pick(callTitles),
    deadline: formatDatetime(deadline),
    visibility: 'public',
    service_url: `https://directory.example/casting_calls/${ids!.call}`,
    created_at: formatDatetime(now),
    updated_at: formatDatetime(now),
    roles: [role],
  } as FixtureCastingCall;
  const row = castingCallRow(call);
  await db.query(`INSERT INTO casting_calls (id, visibility, deadline, list_doc, doc) VALUES ($1, $2, $3, $4, $5)`, [row.id, row.visibility, row.deadline, row.list_doc, row.doc]);
  await db.query(`INSERT INTO casting_roles (id, casting_call_id, deadline, active, deleted) VALUES ($1, $2, NULL, true, false)`, [role.id, call.id]);
  return { callId: call.id, roleId: role.id };
}

/**
 * Makes the next step of live changes in one transaction and returns what it changed, or
 * undefined when too few active actors are left to change.
 */
export async function applyLiveChangeStep(db: Database, seed: number, now: Date): Promise<LiveChangeStep | undefined> {
  return db.transaction(async (tx) => {
    const step = await readStep(tx);
    const actors = await activeActorIds(tx);
    if (actors.length < 4) return undefined;
    const random = new Random(seed, 'live_changes', step);
    const [newPicture, newCredit, newAgency, retired] = random.sample(actors, 4) as [number, number, number, number];
    const agencyIds = (await tx.query<{ id: number }>('SELECT id FROM agencies ORDER BY id')).map((row) => row.id);
    const stamp = formatDatetime(now);

    const pictured = await readActor(tx, newPicture);
    addMainPicture(pictured, createdIdBase + step);
    await writeActor(tx, { ...pictured, updated_at: stamp });

    const credited = await readActor(tx, newCredit);
    addCredit(credited, random, createdIdBase + step, now);
    await writeActor(tx, { ...credited, updated_at: stamp });

    const moved = await readActor(tx, newAgency);
    changeAgency(moved, agencyIds, random);
    await writeActor(tx, { ...moved, updated_at: stamp });

    const leaving = await readActor(tx, retired);
    await writeActor(tx, { ...leaving, status: 'deleted', updated_at: stamp });

    const { callId, roleId } = await addCastingCall(tx, random, now);
    await tx.query(
      `INSERT INTO service_meta (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [stepKey, JSON.stringify(step + 1)],
    );
    return { step, newPicture, newCredit, newAgency, retired, castingCall: callId, role: roleId };
  });
}
