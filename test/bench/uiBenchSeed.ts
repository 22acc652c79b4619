/**
 * The offline library `npm run bench -- ui` starts from, built in Node rather than synced over HTTP
 * (50,000 details through the rate-limited API would take hours):
 *
 * - the directory's own deterministic demo generator (server/src/demo) makes the actors;
 * - the server's own views (server/src/views, the enum mode and datetime formatting it serves with)
 *   turn each record into the list item and detail JSON the API answers, which then pass through
 *   the back end's payload mapping and contract schemas exactly as a sync would receive them;
 * - the renderer's own pure `searchRowFromProfile` builds each search row.
 *
 * Only active actors are listed by the directory, so a few more are generated and the first
 * `actors` active ones kept. Picture URLs carry `mediaBasePlaceholder` as their origin; the harness
 * swaps in the (stopped) directory address of the connection it creates.
 *
 * The result is cached as JSON under the OS temp folder, keyed by a hash of every source that shapes
 * it, so a change to the generator, the views or the search rows makes a new seed.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { actorDetailSchema, actorListItemSchema, type ActorDetail, type ActorListItem } from '../../contract/directory-api.ts';
import { mapProviderPayload } from '../../electron/core/directory/payloadMapping.ts';
import type { ActorRow, LabelRow, SearchRow } from '../../renderer/src/db/libraryDb.ts';
import { searchRowFromProfile } from '../../renderer/src/db/searchRows.ts';
import { catalogueLabels, listCatalogueNames } from '../../server/src/catalogues/catalogues.ts';
import { applyActorEnumMode } from '../../server/src/catalogues/enumMode.ts';
import { generateDemoFixture } from '../../server/src/demo/generateDemoFixture.ts';
import type { FixtureActor } from '../../server/src/fixture/schema.ts';
import { datetimeReplacer } from '../../server/src/text/datetime.ts';
import { sanitizeLocalizedHtml } from '../../server/src/text/profileHtml.ts';
import { actorDetail } from '../../server/src/views/details.ts';
import { actorListDoc } from '../../server/src/views/listDocs.ts';
import type { MainPictureSummary } from '../../server/src/views/pictures.ts';

/** The origin picture URLs are generated with; replaced by the connection's base URL when seeding. */
export const mediaBasePlaceholder = 'http://castdesk-ui-bench.invalid';
/** Bump when the seed's shape changes without any hashed source changing. */
const seedFormat = 2;
/** Anchors every generated date, so the seed is the same on every machine and day. */
const fixtureNow = new Date('2026-06-01T12:00:00Z');

/**
 * `detail`: every search row is built from the actor's list item AND detail, as once the roster is
 * kept offline (the demo connection's default) — every filter has values for every actor, the
 * heavier and the steady state. `list`: search rows from the list item alone (a fresh list sync),
 * except for the actors whose detail is stored.
 */
export type SearchRowSource = 'detail' | 'list';

export interface UiSeed {
  actors: number;
  searchRowSource: SearchRowSource;
  /** Actors table rows (list item for all; `detail` for the first `detailIds`). */
  rows: ActorRow[];
  /** Search rows in write order (rev = index + 1). */
  searchRows: SearchRow[];
  /** Actors whose detail is stored, the first ones in the list's name order that have pictures. */
  detailIds: number[];
  /** Their position in the list sorted by name (0 = top). */
  detailPositions: number[];
  /** Realistic name searches (existing names, a partial one, a typo, umlauts). */
  queries: string[];
  labels: LabelRow[];
  /** A key of the right shape (the directory is never reached with it). */
  key: string;
  /** The largest updated_at of the list items (the actors' sync watermark). */
  watermark: string;
  generatedAt: string;
}

const hashedSources = [
  'server/src/demo',
  'server/src/views',
  'server/src/catalogues',
  'server/src/text',
  'server/src/fixture/schema.ts',
  'contract/catalogues',
  'renderer/src/db/searchRows.ts',
  'renderer/src/db/libraryDb.ts',
  'renderer/src/search/foldName.ts',
  'contract/directory-api.ts',
  'electron/core/directory/payloadMapping.ts',
  'test/bench/uiBenchSeed.ts',
];

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

async function filesUnder(relative: string): Promise<string[]> {
  const absolute = path.join(repoRoot, relative);
  const entries = await readdir(absolute, { withFileTypes: true }).catch(() => null);
  if (!entries) return [relative];
  const nested = await Promise.all(
    entries.sort((a, b) => a.name.localeCompare(b.name)).map((entry) => (entry.isDirectory() ? filesUnder(path.join(relative, entry.name)) : [path.join(relative, entry.name)])),
  );
  return nested.flat();
}

async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`format ${seedFormat}\n`);
  for (const group of hashedSources) {
    for (const file of await filesUnder(group)) {
      hash.update(`${file}\n`);
      hash.update(await readFile(path.join(repoRoot, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** What the directory stores and serves: JSON text with its datetimes formatted (loadFixture's storedJson). */
function asStored<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, datetimeReplacer)) as T;
}

/** The list item `GET /actor_profiles?fields=…&include_picture=true` answers, as the back end hands it on. */
function listItemOf(actor: FixtureActor): ActorListItem {
  // As profileRoutes answers: the stored list doc's fields, then pictureFields(main_picture).
  const { main_picture: main, ...fields } = asStored(actorListDoc(actor)) as Record<string, unknown> & { main_picture: MainPictureSummary | null };
  const thumb = main?.versions.thumb ?? null;
  const served = {
    id: actor.id,
    ...fields,
    main_picture_url_tile: thumb ? `${mediaBasePlaceholder}${thumb}` : null,
    picture_copyright: main?.copyright ?? null,
  };
  return actorListItemSchema.parse(mapProviderPayload(JSON.parse(JSON.stringify(served)))) as ActorListItem;
}

/** The detail `GET /actor_profiles/:id` answers (enum mode keys, English), as the back end hands it on. */
function detailOf(actor: FixtureActor, agencies: Parameters<typeof actorDetail>[1]['agencies'], validate: boolean): ActorDetail {
  const stored = asStored(actor.about_me_html ? { ...actor, about_me_html: sanitizeLocalizedHtml(actor.about_me_html) } : actor);
  const served = JSON.parse(JSON.stringify(applyActorEnumMode(actorDetail(stored, { locale: 'en', baseUrl: mediaBasePlaceholder, agencies }), 'keys', 'en')));
  const mapped = mapProviderPayload(served);
  return (validate ? actorDetailSchema.parse(mapped) : mapped) as ActorDetail;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function typo(word: string): string {
  if (word.length < 4) return word;
  const at = Math.floor(word.length / 2) - 1;
  return `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
}

function generate(actors: number, detailCount: number, source: SearchRowSource): UiSeed {
  // About 2.5 % of generated profiles are merged or deleted, which the directory does not list.
  const fixture = generateDemoFixture({ actors: Math.ceil(actors * 1.04) + 50, crew: 0, castingCalls: 0, seed: 1, now: fixtureNow });
  const active = fixture.actor_profiles.filter((actor) => actor.status === undefined || actor.status === 'active').slice(0, actors);
  if (active.length < actors) throw new Error(`Only ${active.length} active actors generated, ${actors} wanted`);
  const agencies = new Map(fixture.agencies.map((agency) => [agency.id, agency]));
  const items = active.map(listItemOf);
  const nowIso = new Date().toISOString();

  // The list's default order (ProfileIndex 'name': folded name, then id) without building rows twice.
  // The seed page names the connection and its directory (uid = id: the library's first directory).
  const listRows: ActorRow[] = items.map((item) => ({ uid: item.id, id: item.id, origin: '', connections: [], item, listSyncedAt: nowIso, updatedAt: item.updated_at ?? nowIso }));
  const folded = listRows.map((row) => searchRowFromProfile('actor', row).foldedName);
  const order = listRows.map((_, index) => index).sort((a, b) => compareText(folded[a]!, folded[b]!) || listRows[a]!.id - listRows[b]!.id);

  const detailIds: number[] = [];
  const detailPositions: number[] = [];
  for (let position = 0; position < order.length && detailIds.length < detailCount; position++) {
    const actor = active[order[position]!]!;
    if ((actor.pictures ?? []).length === 0) continue;
    detailIds.push(actor.id);
    detailPositions.push(position);
  }
  const stored = new Set(detailIds);

  const rows: ActorRow[] = [];
  const searchRows: SearchRow[] = [];
  let watermark = '';
  for (let index = 0; index < active.length; index++) {
    const actor = active[index]!;
    const row = listRows[index]!;
    const keep = stored.has(actor.id);
    const detail = keep || source === 'detail' ? detailOf(actor, agencies, keep) : undefined;
    const updatedAt = detail && Date.parse(detail.updated_at) > Date.parse(row.updatedAt) ? detail.updated_at : row.updatedAt;
    if (!watermark || Date.parse(row.item.updated_at ?? '') > Date.parse(watermark)) watermark = row.item.updated_at ?? watermark;
    const full: ActorRow = { ...row, updatedAt, ...(detail ? { detail, detailFetchedAt: nowIso } : {}) };
    rows.push(keep ? full : { ...row, updatedAt });
    searchRows.push({ ...searchRowFromProfile('actor', full), rev: index + 1 });
  }

  const pick = (at: number) => active[Math.floor(at * (active.length - 1))]!;
  const [a, b, c, d, e, f, g, h] = [0.013, 0.127, 0.281, 0.399, 0.517, 0.653, 0.779, 0.911].map(pick) as FixtureActor[];
  const queries = [
    `${a.first_name} ${a.last_name}`,
    b.last_name,
    `${c.first_name} ${c.last_name.slice(0, 3)}`,
    typo(d.last_name),
    e.first_name,
    `${f.last_name} ${f.first_name.slice(0, 2)}`,
    // Umlauts and accents when the pools have them, typed as the user would.
    active.find((actor) => /[äöüßéè]/i.test(actor.last_name))?.last_name ?? g.last_name,
    h.first_name.slice(0, 4),
  ].map((query) => query.toLowerCase());

  const fetchedAt = nowIso;
  // The directory's origin is the placeholder until seeding puts the connection's in its place.
  const labels: LabelRow[] = listCatalogueNames().map((catalogue) => ({ origin: mediaBasePlaceholder, catalogue, locale: 'en', labels: catalogueLabels(catalogue, 'en'), fetchedAt }));
  return {
    actors,
    searchRowSource: source,
    rows,
    searchRows,
    detailIds,
    detailPositions,
    queries,
    labels,
    key: fixture.api_keys[0]?.key ?? 'ui-bench-key',
    watermark,
    generatedAt: nowIso,
  };
}

/**
 * The seed for `actors` actors with `detailCount` stored details, from the cache when one was made
 * from the same sources, else generated (about a minute for 50,000) and cached.
 */
export async function loadUiSeed(actors: number, detailCount: number, source: SearchRowSource, log: (line: string) => void): Promise<{ seed: UiSeed; file: string; cached: boolean }> {
  const file = path.join(tmpdir(), `castdesk-ui-bench-seed-${actors}-${detailCount}-${source}-${await sourceHash()}.json`);
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text !== null) {
    try {
      return { seed: JSON.parse(text) as UiSeed, file, cached: true };
    } catch {
      log(`the cached seed ${file} is unreadable; generating it again`);
    }
  }
  log(`generating the seed (${actors} actors, ${detailCount} details, search rows from ${source}) …`);
  const seed = generate(actors, detailCount, source);
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(seed));
  await rename(partial, file);
  return { seed, file, cached: false };
}
