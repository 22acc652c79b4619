/**
 * An actor's snapshot (what a shortlist entry shows without the library) as this member's own
 * library knows the actor: its search row and, once cached, its detail. Adding an actor to a list
 * takes one (stores/shortlists.ts), and so does a shared list's entry brought by a colleague
 * (officeSharing.ts): the office carries the actor's name only, so the face and facts must come
 * from here, under this member's own key, or not at all.
 */
import type { ActorDetail } from '../../../contract/directory-api.ts';
import type { ActorRow, LibraryDb, SearchRow } from '../db/libraryDb.ts';
import { libraryUid } from '../db/libraryKey.ts';
import { agencyNamesOf } from '../db/searchRows.ts';
import type { ActorSnapshot } from '../db/shortlistDb.ts';
import { exportPictureOf } from '../shortlists/exportPicture.ts';
import { privateFieldsOf } from '../shortlists/privateAttributes.ts';

/** The snapshot of an actor from their search row and (when cached) their detail. */
export function snapshotOf(row: SearchRow | undefined, detail: ActorDetail | undefined, fallbackName: string): ActorSnapshot {
  const main = detail?.pictures?.find((picture) => picture.main_picture) ?? detail?.pictures?.[0];
  // Exports show the picture that fits their upright boxes, framed so no face is cut (exportPicture.ts).
  const exported = exportPictureOf(detail?.pictures);
  return {
    name: row?.name || (detail ? `${detail.first_name} ${detail.last_name}`.trim() : '') || fallbackName,
    actingAgeFrom: detail?.acting_age_from ?? row?.actingAgeFrom ?? null,
    actingAgeTo: detail?.acting_age_to ?? row?.actingAgeTo ?? null,
    age: detail?.age ?? row?.age ?? null,
    height: detail?.height ?? row?.height ?? null,
    gender: detail?.gender_new ?? row?.genderNew ?? detail?.gender ?? row?.gender ?? null,
    // The search row may not be built yet when an actor is added; the detail names the same agencies.
    agencies: row?.agencies ?? agencyNamesOf(detail),
    languages: { ...(detail?.languages ?? row?.languageLevels ?? {}) },
    thumbUrl: main?.versions?.thumb_large ?? main?.versions?.thumb ?? row?.thumbUrl ?? null,
    pictureUrl: exported?.url ?? main?.versions?.large ?? main?.url ?? row?.thumbUrl ?? null,
    updatedAt: detail?.updated_at ?? row?.updatedAt ?? null,
    ...(detail ? { privateFields: privateFieldsOf(detail.attribute_visibility) } : {}),
    ...(exported ? { pictureFraming: exported.framing, pictureSize: exported.size } : {}),
  };
}

/** An actor of a directory: its origin and profile id, and the name to show when the library has none. */
export interface ActorRef {
  origin: string;
  id: number;
  name: string;
}

/**
 * The snapshots of those of `actors` that `library` holds (a cached profile or a search row), read
 * from the library's tables, keyed by `keyOf`. An actor the library lacks is absent; so is every
 * actor of a directory the library has never seen, and every actor when there is no library.
 */
export async function librarySnapshots(library: LibraryDb | null, actors: readonly ActorRef[], keyOf: (actor: ActorRef) => string): Promise<Map<string, ActorSnapshot>> {
  const found = new Map<string, ActorSnapshot>();
  if (!library || actors.length === 0) return found;
  const origins = await library.origins.bulkGet([...new Set(actors.map((actor) => actor.origin))]);
  const codeOf = new Map(origins.flatMap((row) => (row ? [[row.origin, row.code] as const] : [])));
  const held = actors.flatMap((actor) => {
    const code = codeOf.get(actor.origin);
    return code === undefined ? [] : [{ actor, uid: libraryUid(code, actor.id) }];
  });
  const [profiles, searchRows] = await Promise.all([
    library.actors.bulkGet(held.map(({ uid }) => uid)) as Promise<(ActorRow | undefined)[]>,
    library.searchRows.bulkGet(held.map(({ uid }) => ['actor', uid] as ['actor', number])),
  ]);
  held.forEach(({ actor }, index) => {
    const profile = profiles[index];
    const row = searchRows[index];
    if (profile || row) found.set(keyOf(actor), snapshotOf(row, profile?.detail, actor.name));
  });
  return found;
}
