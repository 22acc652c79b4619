/** Turkish texts of the app's own update: the banner that asks before an update is installed on quit. */
export const updatesTr = {
  region: 'Uygulama güncellemesi',
  ready: 'Castdesk {version} indirildi ve doğrulandı. Castdesk kapatılırken kurulsun mu?',
  installOnQuit: 'Kapatırken kur',
  later: 'Daha sonra',
  willInstall: 'Castdesk {version} kapatılırken kurulacak.',
  undo: 'Bu sefer değil',
};
