/**
 * The picture cache behind galleries, online and offline. Pictures are stored by the SHA-256 of
 * their bytes (`objects/ab/cd/<hash>`), so one picture reached through several URLs is kept once;
 * an index maps each URL to its hash and is persisted atomically, so a later run finds everything
 * without the network. Showreel media (audio and video files) is kept the same way. The total size
 * is capped and the least recently used files go first, but a file kept offline only goes when
 * nothing else is left to evict, and a new file to keep that would take the kept files past the
 * cap is refused (`over_cap`) rather than pushing out what is kept already: keeping more than fits
 * would only evict one kept file for the next, so what "kept" means would shift under the user. The cap gives way to the disk: the cache never takes the disk's
 * free space below a floor (it evicts, then refuses to store more as `storage_full`), and a full
 * disk met while writing is `storage_full` too.
 * Files appear only by rename of a complete, fsynced temp file, so a reader never sees half a
 * picture.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { downloadImage, type MediaFetch, type MediaPriority } from './downloadImage.ts';
import { acceptanceOf, type MediaKind, type StoredMediaType } from './mediaAcceptance.ts';
import { MediaCacheError } from './mediaCacheError.ts';
import { isStorageFull } from '../files/storageFull.ts';
import { writeFileAtomic } from '../files/atomicWrite.ts';
import { loadMediaIndex, saveMediaIndex, type MediaIndexEntry } from './mediaIndex.ts';

export const defaultMediaCacheCap = 2 * 1024 ** 3;
export const defaultMaxPictureBytes = 25 * 1024 ** 2;
/** The free disk space the cache leaves to everything else (the library, the settings, the system). */
export const defaultMinFreeBytes = 512 * 1024 ** 2;
/** Access times alone are not worth a disk write per picture shown; they are saved this much later. */
const accessSaveDelayMs = 2000;

export interface MediaCacheOptions {
  /** The cache folder, e.g. `<userData>/media-cache`. Created when missing. */
  dir: string;
  /** Defaults to the global fetch; the app passes one that follows the connection's rate budget. */
  fetch?: MediaFetch;
  /** Total bytes kept; default the cap last set (remembered in `cap.json`), else 2 GB. */
  capBytes?: number;
  /** Largest single picture accepted; default 25 MB. */
  maxPictureBytes?: number;
  /** Free disk space the cache never takes (default 512 MB); below it, it evicts, then stores nothing more. */
  minFreeBytes?: number;
  /** Free bytes on the cache's disk; default statfs of `dir` (what an unprivileged process may use). */
  freeBytes?: () => Promise<number>;
  /** Clock for last-access times (milliseconds). */
  now?: () => number;
  /** Where problems that do not fail a request are reported (damaged index, failed index write). */
  log?: (line: string) => void;
}

export interface CachedPicture {
  /** Absolute path of the stored file; read it soon, eviction may remove it later. */
  path: string;
  contentType: StoredMediaType;
  size: number;
  hash: string;
  fromCache: boolean;
}

export interface MediaCacheStats {
  /** URLs in the index. */
  count: number;
  /** Distinct stored files (several URLs may share one). */
  files: number;
  bytes: number;
  cap: number;
  /** Distinct stored files kept offline, and their bytes. */
  keptFiles: number;
  keptBytes: number;
}

/** Who keeps a file offline and in which pass (a number that grows with each pass, e.g. its start time). */
export interface KeepMark {
  owner: string;
  generation: number;
}

function isKept(entry: MediaIndexEntry): boolean {
  return entry.keptBy !== undefined && Object.keys(entry.keptBy).length > 0;
}

export interface MediaGetOptions {
  signal?: AbortSignal;
  priority?: MediaPriority;
  /** What the file must be (default a picture). */
  kind?: MediaKind;
  /** Marks the file as kept offline (spared by eviction while anything else can go). */
  keep?: KeepMark;
  /** The largest file accepted for this call; default the cache's maxPictureBytes. */
  maxBytes?: number;
}

interface Flight {
  promise: Promise<CachedPicture>;
  controller: AbortController;
  waiters: number;
}

/** The index key: an absolute http(s) URL without its fragment, which servers never see. */
function cacheKey(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new MediaCacheError('invalid_url', `Not a picture URL: ${JSON.stringify(url.slice(0, 200))}`, url);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new MediaCacheError('invalid_url', `Only http and https pictures are fetched, not ${parsed.protocol} URLs.`, url);
  }
  parsed.hash = '';
  return parsed.href;
}

function checkCap(bytes: number): number {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`The media cache cap must be a whole number of bytes, not ${bytes}.`);
  return bytes;
}

/** Waits for `promise` unless `signal` aborts first; `onAbort` runs once if it does. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, url: string, onAbort: () => void): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(new MediaCacheError('aborted', `The picture request was cancelled: ${url}`, url));
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const capFile = 'cap.json';

/** The cap last set in `dir` (see setCap), or the default when none was or the file is unreadable. */
async function rememberedCap(dir: string, log: (line: string) => void): Promise<number> {
  let text: string;
  try {
    text = await readFile(join(dir, capFile), 'utf8');
  } catch {
    return defaultMediaCacheCap;
  }
  try {
    const { capBytes } = JSON.parse(text) as { capBytes?: unknown };
    if (typeof capBytes === 'number') return checkCap(capBytes);
  } catch {
    // Reported below.
  }
  log(`The media cache's remembered cap was unreadable; the default of ${defaultMediaCacheCap} bytes applies.`);
  return defaultMediaCacheCap;
}

export class MediaCache {
  private readonly entries: Map<string, MediaIndexEntry>;
  private readonly flights = new Map<string, Flight>();
  private readonly fetchMedia: MediaFetch;
  private readonly maxPictureBytes: number;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private readonly minFreeBytes: number;
  private readonly freeBytes: () => Promise<number>;
  private cap: number;
  private writing: Promise<void> = Promise.resolve();
  private queuedWrite: Promise<void> | null = null;
  private accessTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly dir: string,
    entries: Map<string, MediaIndexEntry>,
    options: MediaCacheOptions,
  ) {
    this.entries = entries;
    this.fetchMedia = options.fetch ?? ((url, init) => fetch(url, { signal: init.signal }));
    this.maxPictureBytes = options.maxPictureBytes ?? defaultMaxPictureBytes;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => undefined);
    this.cap = checkCap(options.capBytes ?? defaultMediaCacheCap);
    this.minFreeBytes = options.minFreeBytes ?? defaultMinFreeBytes;
    this.freeBytes =
      options.freeBytes ??
      (async () => {
        const disk = await statfs(dir);
        return disk.bavail * disk.bsize;
      });
  }

  /**
   * Opens (or creates) the cache in `options.dir`: loads the index, drops entries whose file is
   * gone or has the wrong size, removes files no entry names and leftovers of interrupted
   * downloads, then evicts down to the cap.
   */
  static async open(options: MediaCacheOptions): Promise<MediaCache> {
    const dir = options.dir;
    await rm(join(dir, 'tmp'), { recursive: true, force: true });
    await mkdir(join(dir, 'tmp'), { recursive: true });
    await mkdir(join(dir, 'objects'), { recursive: true });
    const loaded = await loadMediaIndex(join(dir, 'index.json'));
    const log = options.log ?? (() => undefined);
    if (loaded.problem) log(`The media cache index was damaged (${loaded.problem.message}); set aside as ${loaded.problem.setAsideAs}, starting empty.`);
    const capBytes = options.capBytes ?? (await rememberedCap(dir, log));
    const cache = new MediaCache(dir, loaded.entries, { ...options, capBytes });
    const changed = await cache.reconcileWithDisk();
    if (changed || loaded.problem) await cache.persist();
    await cache.evictToCap();
    return cache;
  }

  private objectPath(hash: string): string {
    return join(this.dir, 'objects', hash.slice(0, 2), hash.slice(2, 4), hash);
  }

  /** Makes index and files agree; true when the index changed. */
  private async reconcileWithDisk(): Promise<boolean> {
    const sizes = new Map<string, number>();
    const objects = join(this.dir, 'objects');
    for (const first of await readdir(objects)) {
      for (const second of await readdir(join(objects, first)).catch(() => [])) {
        for (const name of await readdir(join(objects, first, second)).catch(() => [])) {
          const path = join(objects, first, second, name);
          const info = await stat(path).catch(() => null);
          if (info?.isFile() && /^[0-9a-f]{64}$/.test(name) && path === this.objectPath(name)) sizes.set(name, info.size);
          else await rm(path, { recursive: true, force: true });
        }
      }
    }
    let changed = false;
    const referenced = new Set<string>();
    for (const [url, entry] of this.entries) {
      if (sizes.get(entry.hash) === entry.size) referenced.add(entry.hash);
      else {
        this.entries.delete(url);
        changed = true;
      }
    }
    for (const hash of sizes.keys()) if (!referenced.has(hash)) await rm(this.objectPath(hash), { force: true });
    return changed;
  }

  /**
   * The picture at `url`: from the cache when stored there (no network at all, so this works
   * offline), otherwise downloaded, checked and stored. Concurrent calls for one URL share one
   * download; it is cancelled only when every caller has aborted.
   */
  async get(url: string, options: MediaGetOptions = {}): Promise<CachedPicture> {
    const key = cacheKey(url);
    if (options.signal?.aborted) throw new MediaCacheError('aborted', `The picture request was cancelled: ${url}`, url);
    const cached = await this.lookup(key, options.keep);
    if (cached) return cached;
    let flight = this.flights.get(key);
    if (!flight) {
      const controller = new AbortController();
      const promise = this.download(key, controller.signal, options).finally(() => this.flights.delete(key));
      // A download nobody waits for any more must not surface as an unhandled rejection.
      promise.catch(() => undefined);
      flight = { promise, controller, waiters: 0 };
      this.flights.set(key, flight);
    }
    const joined = flight;
    joined.waiters += 1;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      joined.waiters -= 1;
    };
    try {
      const picture = await untilAborted(joined.promise, options.signal, url, () => {
        leave();
        if (joined.waiters === 0) joined.controller.abort();
      });
      // A caller that joined someone else's download may keep what it did not start.
      if (options.keep) this.markKept(key, options.keep);
      return picture;
    } finally {
      leave();
    }
  }

  /**
   * The stored picture at `url`, or null when it is not stored: never touches the network, so a
   * caller can serve what is cached without waiting for a download slot.
   */
  async peek(url: string): Promise<CachedPicture | null> {
    return this.lookup(cacheKey(url));
  }

  /** The stored size of `url` in bytes, or null when it is not stored (index only). */
  sizeOf(url: string): number | null {
    try {
      return this.entries.get(cacheKey(url))?.size ?? null;
    } catch {
      return null;
    }
  }

  /** True when `url` is stored (without checking the file; get() does). */
  has(url: string): boolean {
    try {
      return this.entries.has(cacheKey(url));
    } catch {
      return false;
    }
  }

  /**
   * Which of `urls` are stored (index only, no disk access: the index is reconciled on open);
   * `keep` marks those kept offline, so keeping what is stored already needs no download.
   */
  present(urls: readonly string[], options: { keep?: KeepMark } = {}): string[] {
    const present = urls.filter((url) => this.has(url));
    if (options.keep) for (const url of present) this.markKept(cacheKey(url), options.keep);
    return present;
  }

  /**
   * `owner` no longer keeps what it did not mark in a pass from `generation` on: after a complete
   * pass (every kept file asked for), what a dropped scope kept becomes evictable again.
   */
  releaseKept(owner: string, generation: number): number {
    let released = 0;
    for (const entry of this.entries.values()) {
      const since = entry.keptBy?.[owner];
      if (since === undefined || since >= generation) continue;
      delete entry.keptBy![owner];
      if (Object.keys(entry.keptBy!).length === 0) delete entry.keptBy;
      released += 1;
    }
    if (released > 0) this.persistLater();
    return released;
  }

  stats(): MediaCacheStats {
    const files = new Map<string, { size: number; kept: boolean }>();
    for (const entry of this.entries.values()) {
      const file = files.get(entry.hash);
      files.set(entry.hash, { size: entry.size, kept: (file?.kept ?? false) || isKept(entry) });
    }
    let bytes = 0;
    let keptFiles = 0;
    let keptBytes = 0;
    for (const file of files.values()) {
      bytes += file.size;
      if (file.kept) {
        keptFiles += 1;
        keptBytes += file.size;
      }
    }
    return { count: this.entries.size, files: files.size, bytes, cap: this.cap, keptFiles, keptBytes };
  }

  /**
   * Changes the cap, remembers it for the next start (a cap raised so more is kept offline must not
   * fall back to the default after a restart and release what it kept) and evicts down to it at once.
   */
  async setCap(bytes: number): Promise<void> {
    this.cap = checkCap(bytes);
    try {
      await writeFileAtomic(join(this.dir, capFile), JSON.stringify({ capBytes: this.cap }));
    } catch (error) {
      this.log(`Could not remember the media cache's cap: ${(error as Error).message}`);
    }
    await this.evictToCap();
  }

  /** Removes every stored picture and empties the index. */
  async clear(): Promise<void> {
    this.entries.clear();
    await this.persist();
    await rm(join(this.dir, 'objects'), { recursive: true, force: true });
    await mkdir(join(this.dir, 'objects'), { recursive: true });
  }

  /**
   * Removes the least recently used files until the total fits the cap: first those not kept
   * offline, and kept ones only when the rest is gone and the total still does not fit (never with
   * `spareKept`: free disk space is no reason to drop what the user keeps). `keep` (a hash) is
   * spared, so a file just stored survives even when it alone exceeds the cap.
   */
  async evictToCap(keep?: string, cap: number = this.cap, spareKept = false): Promise<{ files: number; bytes: number }> {
    const files = new Map<string, { size: number; lastAccess: number; kept: boolean; urls: string[] }>();
    for (const [url, entry] of this.entries) {
      const file = files.get(entry.hash) ?? { size: entry.size, lastAccess: 0, kept: false, urls: [] };
      file.lastAccess = Math.max(file.lastAccess, entry.lastAccess);
      file.kept ||= isKept(entry);
      file.urls.push(url);
      files.set(entry.hash, file);
    }
    let total = 0;
    for (const file of files.values()) total += file.size;
    const evicted: string[] = [];
    let freed = 0;
    const evictionOrder = [...files].sort((a, b) => Number(a[1].kept) - Number(b[1].kept) || a[1].lastAccess - b[1].lastAccess);
    for (const [hash, file] of evictionOrder) {
      if (total - freed <= cap || (spareKept && file.kept)) break;
      if (hash === keep) continue;
      for (const url of file.urls) this.entries.delete(url);
      evicted.push(hash);
      freed += file.size;
    }
    if (evicted.length === 0) return { files: 0, bytes: 0 };
    // The index forgets them before the files go, so no lookup can hand out a vanishing path.
    await this.persist();
    for (const hash of evicted) await rm(this.objectPath(hash), { force: true });
    return { files: evicted.length, bytes: freed };
  }

  /** Saves pending access times now; call before the app quits. */
  async flush(): Promise<void> {
    if (this.accessTimer) {
      clearTimeout(this.accessTimer);
      this.accessTimer = null;
    }
    await this.persist();
  }

  private markKept(key: string, mark: KeepMark): void {
    const entry = this.entries.get(key);
    if (!entry || (entry.keptBy?.[mark.owner] ?? -Infinity) >= mark.generation) return;
    entry.keptBy = { ...entry.keptBy, [mark.owner]: mark.generation };
    this.persistLater();
  }

  private async lookup(key: string, keep?: KeepMark): Promise<CachedPicture | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const path = this.objectPath(entry.hash);
    const info = await stat(path).catch(() => null);
    if (!info || info.size !== entry.size) {
      this.entries.delete(key);
      this.persistLater();
      return null;
    }
    entry.lastAccess = this.now();
    if (keep) entry.keptBy = { ...entry.keptBy, [keep.owner]: Math.max(entry.keptBy?.[keep.owner] ?? keep.generation, keep.generation) };
    this.persistLater();
    return { path, contentType: entry.contentType, size: entry.size, hash: entry.hash, fromCache: true };
  }

  /** Whether keeping a file of `hash` and `size` would take the files kept offline past the cap. */
  private keepingPassesCap(hash: string, size: number): boolean {
    let keptBytes = 0;
    const counted = new Set<string>();
    for (const entry of this.entries.values()) {
      if (!isKept(entry) || counted.has(entry.hash)) continue;
      // A file kept already (reached through another URL) adds nothing.
      if (entry.hash === hash) return false;
      counted.add(entry.hash);
      keptBytes += entry.size;
    }
    return keptBytes + size > this.cap;
  }

  /** The cache's bytes on disk (each stored file once). */
  private storedBytes(): number {
    return this.stats().bytes;
  }

  /**
   * Room for a file of up to `maxBytes` above the free-space floor: least recently used files not
   * kept offline go until it fits; when none is left, the download is refused before a byte is
   * written, so the cache stops keeping media rather than fill the disk.
   */
  private async makeRoom(url: string, maxBytes: number): Promise<void> {
    const short = this.minFreeBytes + maxBytes - (await this.freeBytes());
    if (short <= 0) return;
    await this.evictToCap(undefined, Math.max(0, this.storedBytes() - short), true);
    const free = await this.freeBytes();
    if (free - maxBytes < this.minFreeBytes) {
      throw new MediaCacheError('storage_full', `The disk has ${free} bytes free, too little to keep media above the ${this.minFreeBytes} bytes left free; nothing more is kept.`, url);
    }
  }

  private async download(key: string, signal: AbortSignal, options: MediaGetOptions): Promise<CachedPicture> {
    const maxBytes = options.maxBytes ?? this.maxPictureBytes;
    await this.makeRoom(key, maxBytes);
    const tempPath = join(this.dir, 'tmp', `${randomBytes(8).toString('hex')}.part`);
    const stored = await (async () => {
      try {
        const image = await downloadImage(this.fetchMedia, key, tempPath, { signal, priority: options.priority, maxBytes, accept: acceptanceOf(options.kind ?? 'picture') });
        if (options.keep && this.keepingPassesCap(image.hash, image.size)) {
          throw new MediaCacheError('over_cap', `Keeping ${key} (${image.size} bytes) offline would take the kept files past the ${this.cap}-byte limit; it was not kept.`, key);
        }
        const target = this.objectPath(image.hash);
        const existing = await stat(target).catch(() => null);
        if (existing?.size === image.size) await rm(tempPath, { force: true });
        else {
          await mkdir(join(target, '..'), { recursive: true });
          await rename(tempPath, target);
        }
        return { target, image };
      } catch (error) {
        await rm(tempPath, { force: true });
        if (isStorageFull(error)) throw new MediaCacheError('storage_full', `The disk is full; ${key} was not kept.`, key, undefined, { cause: error });
        throw error;
      }
    })();
    const { target, image } = stored;
    this.entries.set(key, { hash: image.hash, contentType: image.contentType, size: image.size, lastAccess: this.now(), ...(options.keep ? { keptBy: { [options.keep.owner]: options.keep.generation } } : {}) });
    // The floor holds after the file too: what it took from the disk may push older files out.
    const room = (await this.freeBytes()) - this.minFreeBytes;
    const byCap = await this.evictToCap(image.hash);
    const byFloor = room < 0 ? await this.evictToCap(image.hash, this.storedBytes() + room, true) : { files: 0 };
    const files = byCap.files + byFloor.files;
    if (files === 0) await this.persist();
    return { path: target, contentType: image.contentType, size: image.size, hash: image.hash, fromCache: false };
  }

  /** Writes the index atomically; concurrent calls coalesce into one write of the latest state. */
  private persist(): Promise<void> {
    if (this.queuedWrite) return this.queuedWrite;
    const write = this.writing.then(async () => {
      this.queuedWrite = null;
      try {
        await saveMediaIndex(join(this.dir, 'index.json'), this.entries);
      } catch (error) {
        // The pictures are still served from memory; the next change tries the write again.
        this.log(`Could not save the media cache index: ${(error as Error).message}`);
      }
    });
    this.queuedWrite = write;
    this.writing = write;
    return write;
  }

  private persistLater(): void {
    if (this.accessTimer) return;
    this.accessTimer = setTimeout(() => {
      this.accessTimer = null;
      void this.persist();
    }, accessSaveDelayMs);
    this.accessTimer.unref();
  }
}
