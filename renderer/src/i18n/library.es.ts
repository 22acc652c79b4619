import type { Messages } from './en.ts';

/** Spanish (Spain) texts of what the library says about itself: items it could not read, refreshes that failed. */
export const libraryEs: Messages['library'] = {
  unreadableTitle: 'No se ha podido leer',
  unreadableNone: 'Se ha podido leer todo lo que ha enviado el directorio.',
  unreadableIntro: 'Elementos enviados por el directorio que no se ajustan a su API: {count}. Todo lo demás se ha guardado; la próxima sincronización volverá a pedirlos.',
  unreadableActor: 'Intérprete',
  unreadableCrew: 'Miembro del equipo técnico',
  unreadableCastingCall: 'Convocatoria de casting',
  unreadableWithId: '{kind} {id}',
  unreadableWithoutId: '{kind} sin identificador legible (página {page})',
  unreadableSeen: 'último intento: {time}',
  refreshFailed: 'La última actualización ha fallado: {reason} Se muestra la copia guardada el {time}.',
  refreshFailedUndated: 'La última actualización ha fallado: {reason} Se muestra la copia guardada.',
};
