/** Deutsche Texte dazu, was die Bibliothek über sich selbst sagt: unlesbare Einträge, fehlgeschlagene Aktualisierungen. */
export const libraryDe = {
  unreadableTitle: 'Nicht lesbar',
  unreadableNone: 'Alles, was das Verzeichnis geschickt hat, war lesbar.',
  unreadableIntro: 'Einträge des Verzeichnisses, die nicht seiner API entsprechen: {count}. Alles andere wurde gespeichert; die nächste Synchronisierung fragt diese erneut ab.',
  unreadableActor: 'Schauspieler:in',
  unreadableCrew: 'Crew-Mitglied',
  unreadableCastingCall: 'Casting',
  unreadableWithId: '{kind} {id}',
  unreadableWithoutId: '{kind} ohne lesbare ID (Seite {page})',
  unreadableSeen: 'zuletzt versucht {time}',
  refreshFailed: 'Letzte Aktualisierung fehlgeschlagen: {reason} Angezeigt wird die Kopie vom {time}.',
  refreshFailedUndated: 'Letzte Aktualisierung fehlgeschlagen: {reason} Angezeigt wird die gespeicherte Kopie.',
};
