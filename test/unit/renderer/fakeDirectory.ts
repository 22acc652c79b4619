import type { ActorDetail, ActorListItem, CastingCallListItem, CrewListItem } from '../../../contract/directory-api.ts';
import { fakeBridge } from './fakeBridge.ts';

const updatedAt = '2026-01-10T10:00:00.000Z';

export function actorItem(id: number, name: string, picture = true): ActorListItem {
  const [first = name, last = ''] = name.split(' ');
  return {
    id,
    name,
    first_name: first,
    last_name: last,
    updated_at: updatedAt,
    languages: { deu: 'native' },
    main_picture_url_tile: picture ? `http://127.0.0.1:40000/media/${id}/tile.png` : null,
  };
}

export function actorDetail(item: ActorListItem): ActorDetail {
  return {
    id: item.id,
    name: item.name,
    first_name: item.first_name ?? '',
    last_name: item.last_name ?? '',
    updated_at: item.updated_at ?? updatedAt,
    acting_age_from: 25,
    acting_age_to: 35,
    // What a list item names beyond the list fields comes with its detail (tests give some).
    year_of_birth: (item as Partial<ActorDetail>).year_of_birth ?? null,
    filmdb_id: (item as Partial<ActorDetail>).filmdb_id ?? null,
    languages: { deu: 'native', eng: 'fluent' },
    talent_agency_connections: [
      { talent_agency_id: 7, talent_agency_name: 'Agentur Nord', categories: [], regions: ['Hamburg'], connection_type: 'primary_agency' },
    ],
    pictures: [1, 2].map((position) => ({
      id: item.id * 10 + position,
      copyright: 'Studio',
      url: `http://127.0.0.1:40000/media/${item.id}/${position}/original.png`,
      versions: {
        original: `http://127.0.0.1:40000/media/${item.id}/${position}/original.png`,
        large: `http://127.0.0.1:40000/media/${item.id}/${position}/large.png`,
        thumb: `http://127.0.0.1:40000/media/${item.id}/${position}/thumb.png`,
        thumb_large: `http://127.0.0.1:40000/media/${item.id}/${position}/thumb_large.png`,
      },
      orientation: 'portrait',
      dimensions: [600, 800] as [number, number],
      position,
    })),
  };
}

function page<T>(items: T[], args: { params: { page?: number; perPage?: number } }) {
  const perPage = args.params.perPage ?? 50;
  const number = args.params.page ?? 1;
  const slice = items.slice((number - 1) * perPage, number * perPage);
  return { ok: true, value: { items: slice, total: items.length, page: number, perPage, nextPage: number * perPage < items.length ? number + 1 : null } };
}

export interface FakeDirectoryOptions {
  actors?: ActorListItem[];
  crew?: CrewListItem[];
  castingCalls?: CastingCallListItem[];
  /** Answers every directory call with this error instead (e.g. network, unauthorized). */
  failWith?: { code: string; message: string };
  /** Directory calls never answer: the sync stays in its first list. */
  hang?: boolean;
  /** What each key sees of `actors` (their ids), by connection id; a connection not named sees all. */
  actorIdsByConnection?: Record<string, number[]>;
}

/**
 * A bridge double that answers the directory channels from in-memory lists, the way the back end
 * answers them from a directory; the sync engine runs against it for real.
 */
export function fakeDirectory(options: FakeDirectoryOptions = {}) {
  const state = { failWith: options.failWith, hang: options.hang ?? false };
  const allActors = options.actors ?? [];
  /** The actors a connection's key sees. */
  const seenBy = (connectionId: string) => {
    const ids = options.actorIdsByConnection?.[connectionId];
    return ids ? allActors.filter((actor) => ids.includes(actor.id)) : allActors;
  };
  const directory = <T>(answer: () => T) => () => {
    if (state.hang) return new Promise<never>(() => {});
    if (state.failWith) return { ok: false, error: state.failWith };
    return answer();
  };
  const fake = fakeBridge({
    listActors: (args: { connectionId: string; params: { page?: number; perPage?: number } }) => directory(() => page(seenBy(args.connectionId), args))(),
    listCrew: (args: { params: { page?: number; perPage?: number } }) => directory(() => page(options.crew ?? [], args))(),
    listCastingCalls: (args: { params: { page?: number; perPage?: number } }) => directory(() => page(options.castingCalls ?? [], args))(),
    getActor: (args: { connectionId: string; id: number }) =>
      directory(() => {
        const item = seenBy(args.connectionId).find((actor) => actor.id === args.id);
        return item ? { ok: true, value: actorDetail(item) } : { ok: false, error: { code: 'not_found', message: 'HTTP 404' } };
      })(),
    getCastingCall: (args: { id: number }) => directory(() => ({ ok: false, error: { code: 'not_found', message: `no call ${args.id}` } }))(),
    prefetchMedia: (args: { urls: string[] }) => directory(() => ({ ok: true, value: { cached: args.urls, failed: [] } }))(),
    // The media cache starts empty; what prefetchMedia caches is asked for again by the next pass.
    getMediaPresence: () => ({ ok: true, value: { present: [] } }),
    getSyncMemory: () => ({ ok: true, value: { completedFullSyncAt: null } }),
    setSyncMemory: () => ({ ok: true, value: {} }),
    getMediaCacheStats: () => ({ ok: true, value: { count: 3, bytes: 3 * 1024 * 1024, capBytes: 1024 ** 3 } }),
  });
  return { ...fake, state };
}
