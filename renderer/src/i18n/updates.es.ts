/** Spanish texts of the app's own update: the banner that asks before an update is installed on quit. */
export const updatesEs = {
  region: 'Actualización de la aplicación',
  ready: 'Castdesk {version} está descargado y verificado. ¿Instalarlo al cerrar Castdesk?',
  installOnQuit: 'Instalar al cerrar',
  later: 'Más tarde',
  willInstall: 'Castdesk {version} se instalará al cerrar.',
  undo: 'Esta vez no',
};
