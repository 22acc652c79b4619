/** German texts of the app's own update: the banner that asks before an update is installed on quit. */
export const updatesDe = {
  region: 'App-Update',
  ready: 'Castdesk {version} ist heruntergeladen und geprüft. Beim Beenden von Castdesk installieren?',
  installOnQuit: 'Beim Beenden installieren',
  later: 'Später',
  willInstall: 'Castdesk {version} wird beim Beenden installiert.',
  undo: 'Diesmal nicht',
};
