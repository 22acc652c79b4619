/** Ukrainian texts of the app's own update: the banner that asks before an update is installed on quit. */
export const updatesUk = {
  region: 'Оновлення застосунку',
  ready: 'Castdesk {version} завантажено й перевірено. Встановити під час закриття Castdesk?',
  installOnQuit: 'Встановити під час закриття',
  later: 'Пізніше',
  willInstall: 'Castdesk {version} буде встановлено під час закриття.',
  undo: 'Не цього разу',
};
