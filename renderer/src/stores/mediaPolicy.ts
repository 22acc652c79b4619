/**
 * The media policy the user sets in Settings: how large a showreel file may be to be kept offline
 * (remembered on this computer), the picture cache's cap (the back end's), and what keeping takes
 * on disk, as an estimate before (profiles × files per profile × average file) and the actual
 * figure after (the back end's kept bytes).
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ChannelResult } from '../../../contract/bridge.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { saveShowreelMaxBytes, savedShowreelMaxBytes } from './showreelLimit.ts';
import { useSyncStore } from './sync.ts';

/** Choices offered for one showreel file (0: showreel media is not kept). */
export const showreelLimitChoices = [0, 25 * 1024 ** 2, 100 * 1024 ** 2, 500 * 1024 ** 2] as const;
/** Choices offered for the whole media cache. */
export const cacheCapChoices = [1, 2, 5, 10, 20].map((gigabytes) => gigabytes * 1024 ** 3);
/** Before anything is stored: a picture version of the directory's sizes averages about this. */
const assumedFileBytes = 150 * 1024;
/** Before a pass counted them: four pictures in three displayed versions and the list tile. */
const assumedFilesPerProfile = 13;

export const useMediaPolicyStore = defineStore('mediaPolicy', () => {
  const bridge = useBridge();
  const sync = useSyncStore();
  const stats = ref<ChannelResult<'getMediaCacheStats'> | null>(null);
  const showreelMaxBytes = ref(savedShowreelMaxBytes());
  const error = ref<LibraryError | null>(null);

  async function refresh(): Promise<void> {
    const answer = await bridge.getMediaCacheStats({});
    if (answer.ok) stats.value = answer.value;
    else error.value = toLibraryError(answer.error);
  }

  async function setCap(capBytes: number): Promise<void> {
    error.value = null;
    const answer = await bridge.setMediaCacheCap({ capBytes });
    if (!answer.ok) error.value = toLibraryError(answer.error);
    await refresh();
  }

  /** Takes effect at the next pass over kept files (a sync, or the retry of waiting files). */
  function setShowreelLimit(bytes: number): void {
    showreelMaxBytes.value = bytes;
    // Not remembered across restarts when storage refuses, but used for this session.
    saveShowreelMaxBytes(bytes);
  }

  /** The average stored file, from what is cached; an assumption before anything is. */
  const averageFileBytes = computed(() => (stats.value && stats.value.files > 0 ? stats.value.bytes / stats.value.files : assumedFileBytes));

  /** Files per kept profile, as the last pass counted them. */
  const filesPerProfile = computed(() => {
    const kept = sync.progress.keptMedia;
    return kept && kept.profiles > 0 ? kept.wanted / kept.profiles : assumedFilesPerProfile;
  });

  /** What keeping every profile of the library offline would take on disk (an estimate). */
  const rosterEstimateBytes = computed(() => {
    const profiles = (sync.cacheStats?.actors ?? 0) + (sync.cacheStats?.crew ?? 0);
    return Math.round(profiles * filesPerProfile.value * averageFileBytes.value);
  });

  /** What the kept files that still wait will add (an estimate), on top of what is kept. */
  const waitingEstimateBytes = computed(() => Math.round((sync.progress.keptMedia?.waiting ?? 0) * averageFileBytes.value));

  return { stats, showreelMaxBytes, error, refresh, setCap, setShowreelLimit, rosterEstimateBytes, waitingEstimateBytes };
});
