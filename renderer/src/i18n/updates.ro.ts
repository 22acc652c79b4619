/** Romanian texts of the app's own update: the banner that asks before an update is installed on quit. */
export const updatesRo = {
  region: 'Actualizarea aplicației',
  ready: 'Castdesk {version} este descărcat și verificat. Îl instalați la închiderea Castdesk?',
  installOnQuit: 'Instalează la închidere',
  later: 'Mai târziu',
  willInstall: 'Castdesk {version} va fi instalat la închidere.',
  undo: 'Nu de data aceasta',
};
