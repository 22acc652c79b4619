/** Italian texts of the app's own update: the banner that asks before an update is installed on quit. */
export const updatesIt = {
  region: 'Aggiornamento dell’app',
  ready: 'Castdesk {version} è scaricato e verificato. Installarlo alla chiusura di Castdesk?',
  installOnQuit: 'Installa alla chiusura',
  later: 'Più tardi',
  willInstall: 'Castdesk {version} verrà installato alla chiusura.',
  undo: 'Non questa volta',
};
