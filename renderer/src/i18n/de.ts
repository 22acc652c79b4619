import type { Messages } from './en.ts';

/** German UI texts. */
export const de: Messages = {
  app: {
    name: 'Castdesk',
    language: 'Sprache',
  },
  home: {
    title: 'Willkommen bei Castdesk',
    intro:
      'Castdesk unterstützt Casting-Direktorinnen und -Direktoren bei der Recherche: Schauspielprofile, Crew-Profile und Castingaufrufe aus dem Casting and Talent Directory durchsuchen, online wie offline, und Schauspielerinnen und Schauspieler auf dem eigenen Rechner vormerken.',
  },
};
