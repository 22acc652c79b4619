/**
 * The `electron` double as an ES module with Electron's named exports, for a Node process that maps
 * the specifier 'electron' here (electronEntryRunner.ts): `import { app } from 'electron'` in the
 * built main process gets the double's app. Every module of the double is exported (electronDouble.test.ts checks).
 */
import { electronDouble } from './electronDouble.ts';

const electron = electronDouble.module;
export const { app, BrowserWindow, protocol, ipcMain, shell, crashReporter, clipboard, Notification, utilityProcess, session, screen, Menu, dialog } = electron;
export default electron;
