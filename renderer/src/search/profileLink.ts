/**
 * The address of a profile page. The one library holds profiles of several directories, whose
 * ids may meet: a profile of a directory other than the active connection's carries its directory
 * (`?directory=<origin>`); one of the active directory keeps its short address, so links from
 * before (`/actors/7`) still open the same profile.
 */
import type { ProfileKind } from '../db/libraryDb.ts';

export interface ProfileLocation {
  name: 'actor' | 'crewMember';
  params: { id: string };
  query: { directory?: string };
}

export function profileLink(kind: ProfileKind, id: number, origin: string | null | undefined, activeOrigin: string | null | undefined): ProfileLocation {
  return {
    name: kind === 'actor' ? 'actor' : 'crewMember',
    params: { id: String(id) },
    query: origin && origin !== activeOrigin ? { directory: origin } : {},
  };
}

/** The directory a profile address names (null: the active connection's). */
export function directoryOfRoute(query: Record<string, unknown>): string | null {
  const value = Array.isArray(query.directory) ? query.directory[0] : query.directory;
  return typeof value === 'string' && value !== '' ? value : null;
}
