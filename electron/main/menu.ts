/**
 * The application menu: the platform's usual roles and nothing app-specific, so shortcuts for
 * copy, paste, zoom and full screen work as users expect. Reload and developer tools only in
 * development: a reload in production would drop the renderer's state for nothing.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  isMac: boolean;
  isDevelopment: boolean;
  appName: string;
}

/** The menu template for the platform; exported for the test. */
export function applicationMenuTemplate({ isMac, isDevelopment, appName }: MenuOptions): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) {
    template.push({
      label: appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push(
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...(isDevelopment ? ([{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as MenuItemConstructorOptions[]) : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ role: 'about' }] },
  );
  return template;
}

/** Installs the menu for this platform. */
export function installApplicationMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(options)));
}
