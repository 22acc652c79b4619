/**
 * The order an actor's agencies are named in: the primary agency first, the others as the
 * directory lists them. The profile's header names the first; the agency section lists them all.
 */
import type { TalentAgencyConnection } from '../../../../contract/directory-api.ts';

export function agenciesPrimaryFirst(connections: readonly TalentAgencyConnection[]): TalentAgencyConnection[] {
  return connections
    .map((connection, index) => ({ connection, index }))
    .sort((a, b) => Number(b.connection.connection_type === 'primary_agency') - Number(a.connection.connection_type === 'primary_agency') || a.index - b.index)
    .map(({ connection }) => connection);
}

/** The name of the agency the header shows ('' without one); `unnamed` names one the directory gave no name. */
export function primaryAgencyName(connections: readonly TalentAgencyConnection[], unnamed: (id: number) => string): string {
  const first = agenciesPrimaryFirst(connections)[0];
  if (!first) return '';
  return first.talent_agency_name?.trim() || unnamed(first.talent_agency_id);
}
