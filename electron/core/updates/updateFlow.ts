/**
 * What the app does about updates, apart from the library that fetches them: check when a check
 * is due (at most daily), download a strictly newer version in the background, and install it only
 * when the app quits and only after the user agreed. The library (electron-updater, behind
 * `UpdateEngine`) reads the feed, downloads and checks the file's sha512; a file whose hash does not
 * match is never ready, so it can never be agreed to or installed. Every refusal is logged with its
 * reason. Without a feed nothing is ever created that could reach the network.
 */
import type { UpdateStatus } from '../../../contract/bridge.ts';
import { BridgeFailure } from '../bridge/bridgeFailure.ts';
import type { CheckSchedule } from './checkSchedule.ts';
import type { UpdateFeed } from './updateFeed.ts';
import { compareVersions, refusalOfVersion } from './updateVersions.ts';

/**
 * The part of electron-updater's AppUpdater the flow uses (its checkForUpdates and downloadUpdate
 * as they are; `installDownloaded` runs the downloaded installer as the app quits).
 */
export interface UpdateEngine {
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean; updateInfo: { version: string } } | null>;
  /** Downloads the offered file and verifies its sha512; rejects (code ERR_CHECKSUM_MISMATCH) when it does not match. */
  downloadUpdate(): Promise<unknown>;
  /** Runs the installer of the downloaded update; false when it could not start. */
  installDownloaded(): boolean;
}

export interface UpdateLog {
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

export interface UpdateFlowOptions {
  feed: UpdateFeed;
  runningVersion: string;
  schedule: CheckSchedule;
  /** Made on the first due check only, so a build without a feed never creates one; `log` hears the library too. */
  createEngine(feedUrl: string, log: UpdateLog): UpdateEngine;
  log: UpdateLog;
}

export interface UpdateFlow {
  status(): UpdateStatus;
  /** The user's answer to the ready update; throws `updates_unavailable` or `update_not_ready`. */
  setConsent(consent: 'install_on_quit' | 'later'): UpdateStatus;
  /** Checks (and downloads) when a check is due; never throws (failures are logged and shown as `failed`). */
  checkIfDue(): Promise<void>;
  /** Called as the app quits: installs the ready update when the user agreed; whether it did. */
  installOnQuit(): boolean;
}

function errorText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' ? `${code}: ${message}` : message;
}

export function createUpdateFlow(options: UpdateFlowOptions): UpdateFlow {
  const { feed, log } = options;
  let status: UpdateStatus = feed.kind === 'none' ? { phase: 'unavailable', consent: 'undecided' } : { phase: 'idle', consent: 'undecided' };
  let engine: UpdateEngine | null = null;
  let running: Promise<void> | null = null;
  let installed = false;

  if (feed.kind === 'none') log.info(`Updates: off. ${feed.reason}`);

  async function checkAndDownload(feedUrl: string): Promise<void> {
    const next = await options.schedule.nextCheckAt();
    if (next !== null) {
      log.info(`Updates: checked within the last day; the next check is due at ${new Date(next).toISOString()}.`);
      return;
    }
    await options.schedule.recordCheck();
    engine ??= options.createEngine(feedUrl, log);
    status = { phase: 'checking', consent: 'undecided' };
    let offered: string;
    let available: boolean;
    try {
      const result = await engine.checkForUpdates();
      if (result === null) {
        log.info('Updates: the updater does not run for this installation (a development run, or a Linux install that is not an AppImage, deb or rpm).');
        status = { phase: 'idle', consent: 'undecided' };
        return;
      }
      offered = result.updateInfo.version;
      available = result.isUpdateAvailable;
    } catch (error) {
      log.warn(`Updates: the check at ${feedUrl} failed: ${errorText(error)}`);
      status = { phase: 'failed', consent: 'undecided' };
      return;
    }
    // Checked here as well as by the library (allowDowngrade off), so no setting of its can let a downgrade through.
    const refusal = refusalOfVersion(options.runningVersion, offered);
    if (refusal !== null || !available) {
      // The same version every day is routine; anything else offered and not taken is worth a warning.
      const routine = compareVersions(offered, options.runningVersion) === 0;
      (routine ? log.info : log.warn).call(log, `Updates: ${refusal ?? `${offered} is not for this computer (the feed's minimum system version or staged rollout).`}`);
      status = { phase: 'idle', consent: 'undecided' };
      return;
    }
    status = { phase: 'downloading', version: offered, consent: 'undecided' };
    try {
      await engine.downloadUpdate();
    } catch (error) {
      const mismatch = (error as { code?: unknown } | null)?.code === 'ERR_CHECKSUM_MISMATCH';
      log.warn(
        mismatch
          ? `Updates: the download of ${offered} does not match the sha512 the feed gives; it was deleted and will not be installed. ${errorText(error)}`
          : `Updates: the download of ${offered} failed; nothing will be installed. ${errorText(error)}`,
      );
      status = { phase: 'failed', version: offered, consent: 'undecided' };
      return;
    }
    log.info(`Updates: ${offered} is downloaded and its sha512 verified; it is installed on quit once the user agrees.`);
    status = { phase: 'ready', version: offered, consent: 'undecided' };
  }

  return {
    status: () => ({ ...status }),

    setConsent(consent) {
      if (feed.kind === 'none') throw new BridgeFailure('updates_unavailable', 'This build has no update feed.');
      if (status.phase !== 'ready') throw new BridgeFailure('update_not_ready', 'No downloaded and verified update is waiting.');
      status = { ...status, consent };
      log.info(consent === 'install_on_quit' ? `Updates: the user agreed to install ${status.version} on quit.` : `Updates: the user postponed ${status.version}.`);
      return { ...status };
    },

    checkIfDue() {
      if (feed.kind === 'none' || status.phase === 'ready' || installed) return Promise.resolve();
      running ??= checkAndDownload(feed.url)
        .catch((error: unknown) => {
          log.warn(`Updates: ${errorText(error)}`);
          status = { phase: 'failed', consent: 'undecided' };
        })
        .finally(() => {
          running = null;
        });
      return running;
    },

    installOnQuit() {
      if (status.phase !== 'ready' || status.consent !== 'install_on_quit' || !engine || installed) {
        if (status.phase === 'ready') log.info(`Updates: ${status.version} is not installed on this quit (the user did not agree).`);
        return false;
      }
      installed = true;
      log.info(`Updates: installing ${status.version} as the app quits.`);
      try {
        return engine.installDownloaded();
      } catch (error) {
        log.warn(`Updates: the installer of ${status.version} did not start: ${errorText(error)}`);
        return false;
      }
    },
  };
}
