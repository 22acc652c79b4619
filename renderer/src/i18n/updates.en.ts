/** English texts of the app's own update: the banner that asks before an update is installed on quit. */
export const updatesEn = {
  region: 'App update',
  ready: 'Castdesk {version} is downloaded and verified. Install it when you quit Castdesk?',
  installOnQuit: 'Install on quit',
  later: 'Later',
  willInstall: 'Castdesk {version} will be installed when you quit.',
  undo: 'Not this time',
};
