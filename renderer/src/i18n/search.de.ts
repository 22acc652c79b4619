import type { Messages } from './en.ts';

/** German texts of the actor and crew lists, search and filters. */
export const actorsDe: Messages['actors'] = {
  keepSearchOffline: 'Diese Suche offline behalten',
  title: 'Schauspielerinnen und Schauspieler',
  loading: 'Schauspielprofile werden geladen …',
  empty: 'Auf diesem Computer sind noch keine Schauspielprofile gespeichert.',
  emptySyncing: 'Noch keine Schauspielprofile: Die erste Synchronisierung liest noch das Verzeichnis.',
  noMatch: 'Kein gespeichertes Schauspielprofil passt zu „{filter}“.',
  noConnection: 'Es gibt keine aktive Verbindung. Legen Sie unter „Verbindungen“ eine an.',
  count: '{shown} von {total} Schauspielprofilen',
  pictureAlt: 'Bild von {name}',
  unnamed: 'Profil {id}',
  filterLabel: 'Nach Namen filtern',
  showMore: 'Mehr anzeigen',
};
