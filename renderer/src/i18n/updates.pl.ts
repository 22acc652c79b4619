/** Polish texts of the app's own update: the banner that asks before an update is installed on quit. */
export const updatesPl = {
  region: 'Aktualizacja aplikacji',
  ready: 'Castdesk {version} jest pobrany i sprawdzony. Zainstalować go przy zamykaniu Castdesk?',
  installOnQuit: 'Zainstaluj przy zamykaniu',
  later: 'Później',
  willInstall: 'Castdesk {version} zostanie zainstalowany przy zamykaniu.',
  undo: 'Nie tym razem',
};
