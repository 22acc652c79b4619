import type { Messages } from './en.ts';

/** German texts of actor and crew profiles. */
export const actorDetailDe: Messages['actorDetail'] = {
  back: 'Zurück zu den Schauspielprofilen',
  loading: 'Das Profil wird geladen …',
  notCached: 'Dieses Profil ist nicht auf diesem Computer gespeichert, und das Verzeichnis ist gerade nicht erreichbar.',
  notFound: 'In der gespeicherten Bibliothek gibt es kein Schauspielprofil mit dieser Nummer.',
  removed: 'Dieses Profil ist im Verzeichnis nicht mehr verfügbar. Angezeigt wird, was gespeichert wurde.',
  merged: 'Dieses Profil wurde mit einem anderen zusammengeführt.',
  openMerged: 'Das zusammengeführte Profil öffnen',
  actingAge: 'Spielalter',
  actingAgeRange: '{from} bis {to}',
  actingAgeFrom: 'ab {from}',
  actingAgeTo: 'bis {to}',
  unknown: 'keine Angabe',
  languages: 'Sprachen',
  languageLevel: '{language} ({level})',
  agencies: 'Agenturen',
  noAgencies: 'Keine Agenturen.',
  agencyUnnamed: 'Agentur {id}',
  primaryAgency: 'Hauptagentur',
  secondaryAgency: 'Nebenagentur',
  agencyRegions: 'Regionen: {regions}',
  gallery: 'Bilder',
  noPictures: 'Keine Bilder.',
  pictureAlt: 'Bild {number} von {name}',
  copyright: '© {copyright}',
  cacheState: 'Offline-Status',
  cacheOffline: 'Für die Offline-Nutzung gespeichert',
  cacheFetching: 'Die neueste Fassung wird geladen …',
  cacheStale: 'Gespeicherte Fassung, möglicherweise veraltet',
  cacheListOnly: 'Nur der Listeneintrag ist gespeichert; für das vollständige Profil wird das Verzeichnis gebraucht.',
};

export const crewDetailDe: Messages['crewDetail'] = {
  back: 'Zurück zur Crew',
};
