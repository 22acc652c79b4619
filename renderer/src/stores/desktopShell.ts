/**
 * What the app does for the desktop around it: the About facts (version, shell, where data and
 * logs are), opening those folders (Electron), the sync's progress on the taskbar icon, a
 * notification when a sync that ran over a minute ends, and renderer failures written to the log.
 * The web shell cannot open folders, show taskbar progress or notify: the back end says so and
 * the About section shows the paths instead.
 */
import { defineStore } from 'pinia';
import { inject, ref, watch } from 'vue';
import type { ChannelResult } from '../../../contract/bridge.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { castdeskComposerKey } from '../i18n/index.ts';
import type { SyncProgress } from '../sync/syncProgress.ts';
import { useSyncStore } from './sync.ts';

/** A sync that ran at least this long says so with a notification when it ends. */
export const notifyAfterMs = 60_000;

const running: readonly SyncProgress['state'][] = ['syncing', 'paused', 'offline'];
const ended: readonly SyncProgress['state'][] = ['done', 'incomplete', 'error'];

/** How far the sync is, 0–1, by its phase's own counts; null when no sync runs. */
export function syncFraction(progress: SyncProgress): number | null {
  if (!running.includes(progress.state)) return null;
  const share = (done: number, rest: number): number => (done + rest > 0 ? done / (done + rest) : 0);
  switch (progress.phase) {
    case 'lists':
      return share(progress.list.done, Math.max(0, progress.list.total - progress.list.done));
    case 'details':
      return share(progress.details.done, progress.details.queued);
    case 'media':
      return share(progress.media.done, progress.media.queued);
    default:
      return 0;
  }
}

export const useDesktopShellStore = defineStore('desktopShell', () => {
  const bridge = useBridge();
  const sync = useSyncStore();
  const composer = inject(castdeskComposerKey, null);

  const appInfo = ref<ChannelResult<'getAppInfo'> | null>(null);
  /** The folder the file manager could not open (the web shell never can: it shows the path). */
  const folderNotOpened = ref<'data' | 'logs' | null>(null);

  async function loadAppInfo(): Promise<void> {
    const answer = await bridge.getAppInfo({});
    if (answer.ok) appInfo.value = answer.value;
  }

  async function openFolder(folder: 'data' | 'logs'): Promise<void> {
    const answer = await bridge.openFolder({ folder });
    folderNotOpened.value = answer.ok && answer.value.opened ? null : folder;
  }

  /** Writes a renderer failure to the app's log; a failing bridge is ignored (nothing else to tell). */
  function report(error: unknown, where = ''): void {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const detail = [where, error instanceof Error ? (error.stack ?? '') : ''].filter(Boolean).join('\n');
    void bridge.logRendererError({ message: message.slice(0, 2000), detail: detail.slice(0, 8000) }).catch(() => undefined);
  }

  // Taskbar progress: sent when it moves by a percent or the sync starts or ends.
  let shownFraction: number | null = null;
  let runStartedAt: number | null = null;
  watch(
    () => sync.progress,
    (progress, previous) => {
      const fraction = syncFraction(progress);
      const rounded = fraction === null ? null : Math.round(fraction * 100) / 100;
      if (rounded !== shownFraction) {
        shownFraction = rounded;
        void bridge.setTaskbarProgress({ fraction: rounded }).catch(() => undefined);
      }
      const wasRunning = previous !== undefined && running.includes(previous.state);
      if (running.includes(progress.state) && !wasRunning) runStartedAt = Date.now();
      if (ended.includes(progress.state) && wasRunning && runStartedAt !== null) {
        const long = Date.now() - runStartedAt >= notifyAfterMs;
        runStartedAt = null;
        if (long && composer) notifySyncEnd(progress);
      }
    },
    { deep: true },
  );

  function notifySyncEnd(progress: SyncProgress): void {
    const t = composer!.t;
    const body =
      progress.state === 'error'
        ? t('sync.notifyFailed', { message: progress.lastError?.message ?? '' })
        : progress.state === 'incomplete'
          ? t('sync.notifyIncomplete')
          : t('sync.notifyDone');
    void bridge.showNotification({ title: t('sync.notifyTitle'), body: body.slice(0, 1000) }).catch(() => undefined);
  }

  return { appInfo, folderNotOpened, loadAppInfo, openFolder, report };
});
