/** The application menu's roles per platform, the permission handlers and the --user-data-dir flag. */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { electronDouble, SessionDouble } from './electronDouble.ts';
import { userDataDirFromArgs } from '../../../electron/main/commandLine.ts';
import { applicationMenuTemplate, installApplicationMenu } from '../../../electron/main/menu.ts';
import { denyAllPermissions } from '../../../electron/main/permissions.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

type Item = { label?: string; role?: string; type?: string; submenu?: Item[] };
const roles = (items: Item[] | undefined): (string | undefined)[] => (items ?? []).filter((item) => item.type !== 'separator').map((item) => item.role);

describe('the application menu', () => {
  it('has File (quit), Edit, View, Window and Help on Windows and Linux, without reload when packaged', () => {
    const template = applicationMenuTemplate({ isMac: false, isDevelopment: false, appName: 'Castdesk' }) as Item[];
    expect(template.map((item) => item.label ?? item.role)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(template.map((item) => item.role)).toEqual([undefined, undefined, undefined, 'windowMenu', 'help']);
    expect(roles(template[0]?.submenu)).toEqual(['quit']);
    expect(roles(template[1]?.submenu)).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
    expect(roles(template[2]?.submenu)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('adds reload and developer tools in development only', () => {
    const template = applicationMenuTemplate({ isMac: false, isDevelopment: true, appName: 'Castdesk' }) as Item[];
    expect(roles(template[2]?.submenu)).toEqual(['reload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('has the app menu first on macOS', () => {
    const template = applicationMenuTemplate({ isMac: true, isDevelopment: false, appName: 'Castdesk' }) as Item[];
    expect(template[0]?.label).toBe('Castdesk');
    expect(roles(template[0]?.submenu)).toEqual([undefined, 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(template[0]?.submenu?.[0]?.label).toBe('About Castdesk');
    expect(roles(template[1]?.submenu)).toEqual(['close']);
  });

  it("speaks the system's language where Castdesk does, English elsewhere", () => {
    const labels = (locale: string) => {
      const template = applicationMenuTemplate({ isMac: false, isDevelopment: false, appName: 'Castdesk', locale }) as Item[];
      return [...template.map((item) => item.label), ...(template[1]?.submenu ?? []).filter((item) => item.role).map((item) => item.label)];
    };
    expect(labels('de-AT')).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe', 'Rückgängig', 'Wiederholen', 'Ausschneiden', 'Kopieren', 'Einfügen', 'Alles auswählen']);
    expect(labels('pl')[0]).toBe('Plik');
    expect(labels('uk-UA')[2]).toBe('Вигляд');
    expect(labels('pt-BR')[0]).toBe('File');
    // every role item has a label of its own, so no English role label slips into another language
    const unlabelled = (items: Item[]): string[] => items.flatMap((item) => [...(item.role && !item.label && !['services', 'hide', 'hideOthers', 'unhide'].includes(item.role) ? [item.role] : []), ...unlabelled(item.submenu ?? [])]);
    expect(unlabelled(applicationMenuTemplate({ isMac: true, isDevelopment: false, appName: 'Castdesk', locale: 'fr' }) as Item[])).toEqual([]);
  });

  it('has About, the log folder and a problem report under Help, each doing its action with the menu\'s words', () => {
    const done: string[] = [];
    const help = {
      about: (words: { about: string }) => void done.push(`about:${words.about}`),
      openLogFolder: () => void done.push('logs'),
      saveProblemReport: (words: { reportFolderTitle: string }) => void done.push(`report:${words.reportFolderTitle}`),
    };
    const template = applicationMenuTemplate({ isMac: false, isDevelopment: false, appName: 'Castdesk', locale: 'de', help: help as never }) as (Item & { click?: () => void })[];
    const items = (template.at(-1)?.submenu ?? []).filter((item) => item.type !== 'separator') as (Item & { click?: () => void })[];
    expect(items.map((item) => item.label)).toEqual(['Über Castdesk', 'Protokollordner öffnen', 'Problembericht speichern…']);
    for (const item of items) item.click?.();
    expect(done).toEqual(['about:Über Castdesk', 'logs', 'report:Ort für den Problembericht wählen']);
  });

  it('is installed as the application menu', () => {
    installApplicationMenu({ isMac: false, isDevelopment: false, appName: 'Castdesk' });
    expect(electronDouble.recorded.applicationMenu?.template).toHaveLength(5);
  });
});

describe('permissions', () => {
  it('are all denied: requests, checks and devices', () => {
    const session = new SessionDouble();
    denyAllPermissions(session as never);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'hid', 'unknown']) {
      const callback = vi.fn();
      session.permissionRequestHandler?.({}, permission, callback, {});
      expect(callback, permission).toHaveBeenCalledExactlyOnceWith(false);
      expect(session.permissionCheckHandler?.({}, permission, 'app://castdesk', {}), permission).toBe(false);
    }
    expect(session.devicePermissionHandler?.({ deviceType: 'usb' })).toBe(false);
  });
});

describe('--user-data-dir', () => {
  it('takes DIR after the flag or after =, made absolute', () => {
    expect(userDataDirFromArgs(['/usr/bin/electron', '.', '--user-data-dir', '/tmp/profile'])).toBe('/tmp/profile');
    expect(userDataDirFromArgs(['castdesk', '--user-data-dir=/tmp/other'])).toBe('/tmp/other');
    expect(userDataDirFromArgs(['castdesk', '--user-data-dir', 'relative'], '/home/me')).toBe(path.resolve('/home/me', 'relative'));
  });

  it('is absent without the flag or without a value', () => {
    expect(userDataDirFromArgs(['castdesk'])).toBeUndefined();
    expect(userDataDirFromArgs(['castdesk', '--user-data-dir'])).toBeUndefined();
    expect(userDataDirFromArgs(['castdesk', '--user-data-dir', '--no-sandbox'])).toBeUndefined();
    expect(userDataDirFromArgs(['castdesk', '--user-data-dir='])).toBeUndefined();
  });
});
