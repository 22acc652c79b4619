/**
 * The members the owner said are not someone joining again but another person of the same name
 * ("They are different people" in the members panel), remembered on this computer per office
 * record, so the panel does not ask again at every start. A member who joins later under that
 * name is asked about anew.
 */
const keptNamesakesKey = 'castdesk.offices.keptNamesakes';

export type KeptNamesakes = ReadonlyMap<string, ReadonlySet<string>>;

/** What was remembered; nothing when it cannot be read (the panel asks again, which loses nothing). */
export function savedKeptNamesakes(): KeptNamesakes {
  try {
    const saved: unknown = JSON.parse(globalThis.localStorage?.getItem(keptNamesakesKey) ?? '{}');
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return new Map();
    return new Map(
      Object.entries(saved).flatMap(([officeRecordId, ids]) => (Array.isArray(ids) ? [[officeRecordId, new Set(ids.filter((id): id is string => typeof id === 'string'))] as const] : [])),
    );
  } catch {
    return new Map();
  }
}

/** False when it could not be remembered (it still holds for this session through the store). */
export function saveKeptNamesakes(kept: KeptNamesakes): boolean {
  try {
    globalThis.localStorage?.setItem(keptNamesakesKey, JSON.stringify(Object.fromEntries([...kept].map(([officeRecordId, ids]) => [officeRecordId, [...ids]]))));
    return true;
  } catch {
    return false;
  }
}
