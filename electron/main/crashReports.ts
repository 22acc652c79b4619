/**
 * Crash dumps stay on this machine: Crashpad writes them to app.getPath('crashDumps') and nothing
 * is uploaded anywhere (Castdesk has no crash server, and a dump can hold what was on screen).
 * Started as early as possible, as Electron's crashReporter docs ask, but after the user data
 * folder is set, so the dumps land in this run's data folder.
 */
import { crashReporter } from 'electron';

export function startLocalCrashReports(): void {
  crashReporter.start({ uploadToServer: false, compress: true });
}
