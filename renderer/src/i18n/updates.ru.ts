/** Russian texts of the app's own update: the banner that asks before an update is installed on quit. */
export const updatesRu = {
  region: 'Обновление приложения',
  ready: 'Castdesk {version} загружен и проверен. Установить при закрытии Castdesk?',
  installOnQuit: 'Установить при закрытии',
  later: 'Позже',
  willInstall: 'Castdesk {version} будет установлен при закрытии.',
  undo: 'Не в этот раз',
};
