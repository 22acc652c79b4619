/**
 * The application menu: the platform's usual roles, so shortcuts for copy, paste, zoom and full
 * screen work as users expect, and a Help menu with what support asks for (About, the log folder, a
 * problem report). It speaks the app's language: the system's at first, then the one the user
 * chose in the app, whenever the renderer says so (rebuilt, since a built menu cannot be relabelled).
 * Reload and developer tools only in development: a reload in production would drop the
 * renderer's state for nothing.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { menuTextsFor, type MenuTexts } from './menuTexts.ts';

/** What the Help menu's own items do (electron/main/supportActions.ts). */
export interface HelpActions {
  about(words: MenuTexts): void;
  openLogFolder(): void;
  saveProblemReport(words: MenuTexts): void;
}

export interface MenuOptions {
  isMac: boolean;
  isDevelopment: boolean;
  appName: string;
  /** The app's language: the system's (app.getLocale()) until the renderer names the user's. */
  locale?: string;
  /** Omitted (tests of the roles): the items do nothing. */
  help?: HelpActions;
}

const noHelp: HelpActions = { about: () => undefined, openLogFolder: () => undefined, saveProblemReport: () => undefined };

/** The menu template for the platform; exported for the test. */
export function applicationMenuTemplate({ isMac, isDevelopment, appName, locale = 'en', help = noHelp }: MenuOptions): MenuItemConstructorOptions[] {
  const words = menuTextsFor(locale);
  const about: MenuItemConstructorOptions = { label: words.about, click: () => help.about(words) };
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) {
    template.push({
      label: appName,
      submenu: [
        about,
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
    {
      role: 'help',
      label: words.help,
      submenu: [
        ...(isMac ? [] : [about, { type: 'separator' } as MenuItemConstructorOptions]),
        { label: words.openLogFolder, click: () => help.openLogFolder() },
        { label: words.saveProblemReport, click: () => help.saveProblemReport(words) },
      ],
    },
  );
  return template;
}

let installed: MenuOptions | undefined;

/** Installs the menu for this platform. */
export function installApplicationMenu(options: MenuOptions): void {
  installed = options;
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(options)));
}

/** Rebuilds the installed menu in the app's language (the renderer's `setMenuLanguage`); nothing before it is installed. */
export function setMenuLanguage(locale: string): void {
  if (!installed || installed.locale === locale) return;
  installApplicationMenu({ ...installed, locale });
}
