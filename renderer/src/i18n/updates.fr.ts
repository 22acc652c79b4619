/** French texts of the app's own update: the banner that asks before an update is installed on quit. */
export const updatesFr = {
  region: 'Mise à jour de l’application',
  ready: 'Castdesk {version} est téléchargé et vérifié. L’installer à la fermeture de Castdesk ?',
  installOnQuit: 'Installer à la fermeture',
  later: 'Plus tard',
  willInstall: 'Castdesk {version} sera installé à la fermeture.',
  undo: 'Pas cette fois',
};
