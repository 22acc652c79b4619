/**
 * The only bridge between the sandboxed renderer and the back end: `window.castdesk`.
 * It exposes named values and functions only, never Electron objects.
 */
import { contextBridge } from 'electron';
import { version } from '../../package.json';

contextBridge.exposeInMainWorld('castdesk', { version });
