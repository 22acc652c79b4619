/**
 * The application menu: the platform's usual roles and nothing app-specific, so shortcuts for
 * copy, paste, zoom and full screen work as users expect, each labelled in the system's language.
 * Reload and developer tools only in development: a reload in production would drop the
 * renderer's state for nothing.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { menuTextsFor } from './menuTexts.ts';

export interface MenuOptions {
  isMac: boolean;
  isDevelopment: boolean;
  appName: string;
  /** The system's locale (app.getLocale()): the menu speaks it where Castdesk does. */
  locale?: string;
}

/** The menu template for the platform; exported for the test. */
export function applicationMenuTemplate({ isMac, isDevelopment, appName, locale = 'en' }: MenuOptions): MenuItemConstructorOptions[] {
  const words = menuTextsFor(locale);
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) {
    template.push({
      label: appName,
      submenu: [
        { role: 'about', label: words.about },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit', label: words.quit },
      ],
    });
  }
  template.push(
    { label: words.file, submenu: [isMac ? { role: 'close', label: words.close } : { role: 'quit', label: words.quit }] },
    {
      label: words.edit,
      submenu: [
        { role: 'undo', label: words.undo },
        { role: 'redo', label: words.redo },
        { type: 'separator' },
        { role: 'cut', label: words.cut },
        { role: 'copy', label: words.copy },
        { role: 'paste', label: words.paste },
        { role: 'selectAll', label: words.selectAll },
      ],
    },
    {
      label: words.view,
      submenu: [
        ...(isDevelopment ? ([{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as MenuItemConstructorOptions[]) : []),
        { role: 'resetZoom', label: words.resetZoom },
        { role: 'zoomIn', label: words.zoomIn },
        { role: 'zoomOut', label: words.zoomOut },
        { type: 'separator' },
        { role: 'togglefullscreen', label: words.fullScreen },
      ],
    },
    { role: 'windowMenu', label: words.window },
    { role: 'help', label: words.help, submenu: [{ role: 'about', label: words.about }] },
  );
  return template;
}

/** Installs the menu for this platform. */
export function installApplicationMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(options)));
}
