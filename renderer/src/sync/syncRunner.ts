/**
 * The machinery behind createSyncEngine: the run (lists, reconciliation, details, pictures), the
 * request gate (pause, cancel, offline backoff) and the prioritised detail queue. One runner per
 * connection; one run at a time.
 */
import { fullJitterDelayMs, sleep, type BackoffOptions } from '../../../contract/backoff.ts';
import type { RequestPriority } from '../../../contract/bridge.ts';
import { maxPerPage } from '../../../contract/list-limits.ts';
import type { BridgeResult } from '../../../contract/bridge-errors.ts';
import type { ActorDetail, CrewDetail } from '../../../contract/directory-api.ts';
import { LibraryStorageError, type AnyProfileRow, type KeepOfflineScope, type ProfileKind, type SyncResource } from '../db/libraryDb.ts';
import { originCode } from '../db/connectionLibrary.ts';
import { unknownOriginOf } from '../db/directoryOrigin.ts';
import {
  markProfileRemoved,
  profileTable,
  readProfile,
  recordMedia,
  recordSyncError,
  writeCastingCallDetail,
  writeProfileDetail,
} from '../db/libraryWrites.ts';
import { SyncCallError, SyncCancelled, goneStatus, isOfflineFailure, unwrap } from './bridgeCall.ts';
import { DetailQueue, type DetailTask } from './detailQueue.ts';
import { resolveScope, scopeKey } from './keepOfflineScopes.ts';
import { syncCastingCallList, syncProfileList } from './listSync.ts';
import { keepMedia, keptMediaWanted, releaseKeptBefore } from './mediaKeeping.ts';
import { keptByPriority, scopesByPriority } from './keptPriority.ts';
import { notCached, pictureVersionUrls, prefetchPictures, thumbnailsWanted, type MediaWanted } from './mediaPrefetch.ts';
import type { SyncContext } from './syncContext.ts';
import type { KeptMediaCounts, SyncEngineOptions, SyncRunOptions, SyncRunOutcome, ViewedProfile } from './types.ts';
import { ProgressTracker } from './syncProgress.ts';
import { staleCurrentCallMs, staleDetailMs } from './detailFreshness.ts';

/** Waiting for a lost network: 1 s growing to a minute. Only here: the back end retries only answers that ask for another try (408, 429, 5xx). */
const offlineBackoff = { baseMs: 1000, capMs: 60_000 };
/** Retrying kept files that wait: 2 s growing to 30 s, so a host back is noticed soon. */
const mediaRetryBackoff = { baseMs: 2000, capMs: 30_000 };
/** The default limit for one showreel file kept offline. */
const defaultShowreelMaxBytes = 100 * 1024 ** 2;
/** How far view() follows merges (a merged into b merged into c …). */
const maxMergeHops = 5;

type ProfileDetail = ActorDetail | CrewDetail;

export class SyncRunner {
  readonly progress: ProgressTracker;
  private readonly context: SyncContext;
  private readonly queue = new DetailQueue();
  private readonly backoff: BackoffOptions;
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly concurrency: number;
  private running: Promise<SyncRunOutcome> | null = null;
  private abort = new AbortController();
  private paused = false;
  private resumeWaiters: (() => void)[] = [];
  private online = true;
  /** A scope was added while a run was past its planning: run again when it ends. */
  private rerunRequested = false;
  /** The running run has read the kept scopes: one added now needs another run. */
  private scopesRead = false;
  /** The profiles kept offline as the last run planned them (shortlisted and in kept scopes). */
  private keptRefs: { kind: ProfileKind; id: number }[] = [];
  /** Stops the background retry of kept files that wait. */
  private mediaRetry: AbortController | null = null;
  /** Ends the waits for a lost network early (retryNow, and cancel). */
  private offlineWait = new AbortController();
  private readying: Promise<void> | null = null;

  constructor(private readonly options: SyncEngineOptions) {
    const now = options.now ?? (() => Date.now());
    this.progress = new ProgressTracker(now);
    this.backoff = { ...offlineBackoff, ...options.backoff };
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? sleep;
    this.concurrency = options.detailConcurrency ?? 4;
    this.context = {
      db: options.db,
      // The origin's code is read (or given) before the first use: see ready().
      library: { db: options.db, connectionId: options.connectionId, origin: options.origin ?? unknownOriginOf(options.connectionId), code: -1 },
      bridge: options.bridge,
      connectionId: options.connectionId,
      perPage: options.perPage ?? maxPerPage,
      lookbackSeconds: options.lookbackSeconds ?? 3600,
      staleDetailMs: options.staleDetailMs ?? staleDetailMs,
      contentLocale: options.contentLocale ?? (() => undefined),
      progress: this.progress,
      now,
      nowIso: () => new Date(now()).toISOString(),
      call: (request) => this.call(request),
    };
  }

  /** Resolves the origin's code once, before anything reads or writes the connection's share. */
  private ready(): Promise<void> {
    this.readying ??= originCode(this.context.db, this.context.library.origin).then((code) => {
      this.context.library = { ...this.context.library, code };
    });
    return this.readying;
  }

  run(options: SyncRunOptions): Promise<SyncRunOutcome> {
    this.running ??= this.execute(options).finally(() => {
      this.running = null;
      if (this.rerunRequested && !this.abort.signal.aborted) {
        this.rerunRequested = false;
        void this.run({});
      }
    });
    return this.running;
  }

  pause(): void {
    this.paused = true;
    if (this.running) this.progress.update({ state: 'paused' });
  }

  resume(): void {
    this.paused = false;
    this.wakeWaiters();
    if (this.running) this.progress.update({ state: this.online ? 'syncing' : 'offline' });
  }

  cancel(): void {
    this.mediaRetry?.abort();
    this.abort.abort(new SyncCancelled());
    // A run waiting out a lost network wakes and ends.
    this.retryNow();
    this.queue.clear();
    this.wakeWaiters();
  }

  dispose(): void {
    this.cancel();
  }

  retryNow(): void {
    const waiting = this.offlineWait;
    this.offlineWait = new AbortController();
    waiting.abort();
  }

  async keepOffline(scope: KeepOfflineScope): Promise<void> {
    await this.context.db.keepOffline.put({ key: scopeKey(scope), scope, addedAt: this.context.nowIso() });
    // A run resolves the scopes after its lists: start one, or another after the one running.
    if (this.running) this.rerunRequested ||= this.scopesRead;
    else void this.run({});
  }

  async dropKeepOffline(scope: KeepOfflineScope): Promise<void> {
    await this.context.db.keepOffline.delete(scopeKey(scope));
  }

  async view(kind: ProfileKind, id: number, hops = 0): Promise<ViewedProfile> {
    await this.ready();
    const cached = await readProfile(this.context.library, kind, id);
    const locale = this.context.contentLocale();
    const request = { connectionId: this.context.connectionId, id, priority: 'interactive' as const, ...(locale ? { locale } : {}) };
    const result: BridgeResult<ProfileDetail> = kind === 'actor' ? await this.options.bridge.getActor(request) : await this.options.bridge.getCrew(request);
    if (result.ok) {
      this.progress.countRequest();
      await writeProfileDetail(this.context.library, kind, result.value, this.context.nowIso(), locale);
      this.prefetchVersionsInBackground(kind, result.value);
      return { kind, id, detail: result.value, fromCache: false };
    }
    const error = new SyncCallError(result.error.code, result.error.message, result.error.details);
    const gone = goneStatus(error);
    if (gone) {
      await markProfileRemoved(this.context.library, kind, id, { ...gone, at: this.context.nowIso() });
      if (gone.reason === 'merged' && hops < maxMergeHops) {
        const target = await this.view(kind, gone.newId, hops + 1);
        return { ...target, kind, id, removed: gone };
      }
      return { kind, id, detail: cached?.detail ?? null, removed: gone, fromCache: true };
    }
    if (error.code === 'not_found') {
      const removed = { reason: 'missing' as const };
      await markProfileRemoved(this.context.library, kind, id, { ...removed, at: this.context.nowIso() });
      return { kind, id, detail: cached?.detail ?? null, removed, fromCache: true };
    }
    if (isOfflineFailure(error)) this.setOnline(false, error);
    if (cached?.detail) {
      const refreshFailed = { code: error.code, message: error.message, copyFrom: cached.detailFetchedAt ?? null };
      return { kind, id, detail: cached.detail, fromCache: true, refreshFailed, ...(cached.removed ? { removed: cached.removed } : {}) };
    }
    throw error;
  }

  // ---- the run ----

  private async execute(options: SyncRunOptions): Promise<SyncRunOutcome> {
    if (this.abort.signal.aborted) this.abort = new AbortController();
    // The run counts and fetches kept files itself.
    this.mediaRetry?.abort();
    this.scopesRead = false;
    let resource: SyncResource = 'actors';
    this.progress.update({ state: this.paused ? 'paused' : 'syncing', phase: 'lists', lastError: null, details: { done: 0, queued: this.queue.size }, media: { done: 0, queued: 0 } });
    try {
      await this.ready();
      const full = options.full === true || (await this.cacheEvicted());
      this.progress.update({ full });
      let fullRuns = 0;
      const staleRefs: { kind: ProfileKind; id: number }[] = [];
      for (const kind of ['actor', 'crew'] as const) {
        resource = kind === 'actor' ? 'actors' : 'crew';
        const outcome = await syncProfileList(this.context, kind, full);
        if (outcome.mode === 'full') fullRuns += 1;
        staleRefs.push(...outcome.staleDetailIds.map((id) => ({ kind, id })));
      }
      for (const calls of ['castingCalls', 'castingCallsCurrent'] as const) {
        resource = calls;
        await syncCastingCallList(this.context, calls);
      }
      if (fullRuns > 0) await this.rememberFullSync();
      this.progress.update({ resource: null });

      if (this.options.details !== false) {
        this.progress.update({ phase: 'details' });
        await this.planDetails(staleRefs);
      }
      await Promise.all([this.options.details !== false ? this.drainDetails() : undefined, this.options.media !== false ? this.prefetchThumbnails() : undefined]);
      const kept = this.options.media !== false ? await this.keepKeptMedia() : null;
      // Not complete while planned kept files are missing: it says how many wait and why, and retries.
      const unfinished = kept !== null && kept.waiting + kept.pending > 0;
      this.progress.update({ state: unfinished ? 'incomplete' : 'done', phase: 'idle' });
      if (unfinished) this.retryKeptMedia();
      return 'done';
    } catch (error) {
      if (error instanceof SyncCancelled || this.abort.signal.aborted) {
        this.progress.update({ state: 'idle', phase: 'idle', details: { done: this.progress.get().details.done, queued: 0 } });
        return 'cancelled';
      }
      const lastError =
        error instanceof SyncCallError || error instanceof LibraryStorageError
          ? { code: error.code, message: error.message }
          : { code: 'internal', message: error instanceof Error ? error.message : String(error) };
      this.progress.update({ state: 'error', lastError });
      if (!(error instanceof LibraryStorageError)) await recordSyncError(this.context.library, resource, lastError, this.context.nowIso()).catch(() => undefined);
      return 'error';
    }
  }

  /**
   * The browser may evict the library under storage pressure. An empty library while the back end
   * remembers a completed full sync means that happened: sync in full again.
   */
  private async cacheEvicted(): Promise<boolean> {
    const { db, connectionId } = this.context;
    const empty = (await db.actors.where('connections').equals(connectionId).count()) === 0 && (await db.crew.where('connections').equals(connectionId).count()) === 0;
    if (!empty) return false;
    const memory = await this.options.bridge.getSyncMemory({ connectionId: this.context.connectionId });
    return memory.ok && memory.value.completedFullSyncAt !== null;
  }

  private async rememberFullSync(): Promise<void> {
    const { connectionId } = this.context;
    const states = await this.context.db.syncState.bulkGet([
      [connectionId, 'actors'],
      [connectionId, 'crew'],
    ]);
    if (!states.every((state) => state?.lastFullReconciliationAt)) return;
    await this.options.bridge.setSyncMemory({ connectionId: this.context.connectionId, completedFullSyncAt: this.context.nowIso() });
  }

  /** Queues what needs a detail: shortlisted, kept offline, casting calls, then stale details. */
  private async planDetails(staleRefs: { kind: ProfileKind; id: number }[]): Promise<void> {
    const { db, library, connectionId } = this.context;
    const shortlisted = new Set((await this.options.shortlistedActorIds?.()) ?? []);
    const keptRefs: { kind: ProfileKind; id: number }[] = [...shortlisted].map((id) => ({ kind: 'actor' as const, id }));
    const versionsWanted: MediaWanted[] = [];
    for (const id of shortlisted) {
      const row = await readProfile(library, 'actor', id);
      // Merged and deleted are final; a profile missing from the lists is asked why (410 or back).
      if (row?.removed && row.removed.reason !== 'missing') continue;
      if (row?.removed || this.needsDetail(row)) this.enqueue({ kind: 'actor', id, priority: 'shortlist' });
      else if (row?.detail) versionsWanted.push(...this.versionsOf('actor', row.detail));
    }
    // Set before the read: a scope stored after this point may be missed by it, so it asks for another run.
    this.scopesRead = true;
    for (const { scope } of scopesByPriority(await db.keepOffline.toArray())) {
      for (const ref of await resolveScope(this.context, scope)) {
        keptRefs.push(ref);
        const row = await readProfile(library, ref.kind, ref.id);
        if (!row?.removed && this.needsDetail(row)) this.enqueue({ ...ref, priority: 'keep_offline' });
      }
    }
    await db.castingCalls.where('connections').equals(connectionId).each((row) => {
      if (row.removed) return;
      if (!row.detail) this.enqueue({ kind: 'castingCall', id: row.id, priority: 'keep_offline' });
      else if (this.isOld(row.detailFetchedAt, row.current ? Math.min(staleCurrentCallMs, this.context.staleDetailMs) : this.context.staleDetailMs)) {
        this.enqueue({ kind: 'castingCall', id: row.id, priority: 'background' });
      }
    });
    this.keptRefs = await keptByPriority(this.context, keptRefs, shortlisted.size);
    for (const ref of staleRefs) this.enqueue({ ...ref, priority: 'background' });
    for (const kind of ['actor', 'crew'] as const) {
      await profileTable(db, kind).where('connections').equals(connectionId).each((row) => {
        if (row.detail && !row.removed && this.needsDetail(row)) this.enqueue({ kind, id: row.id, priority: 'background' });
      });
    }
    if (versionsWanted.length > 0) await prefetchPictures(this.context, await notCached(this.context, versionsWanted), 'high');
  }

  private isOld(fetchedAt: string | undefined, staleMs = this.context.staleDetailMs): boolean {
    return !fetchedAt || this.context.now() - Date.parse(fetchedAt) > staleMs;
  }

  /** No detail yet, one older than the list item, or one fetched too long ago. */
  private needsDetail(row: AnyProfileRow | undefined): boolean {
    if (!row?.detail) return true;
    if (row.item.updated_at && Date.parse(row.item.updated_at) > Date.parse(row.detail.updated_at)) return true;
    return this.isOld(row.detailFetchedAt);
  }

  private enqueue(task: DetailTask): void {
    this.queue.add(task);
    const details = this.progress.get().details;
    this.progress.update({ details: { done: details.done, queued: this.queue.size } });
  }

  private async drainDetails(): Promise<void> {
    const worker = async () => {
      for (let task = this.queue.take(); task; task = this.queue.take()) {
        await this.fetchDetail(task);
        const details = this.progress.get().details;
        this.progress.update({ details: { done: details.done + 1, queued: this.queue.size } });
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
  }

  private async fetchDetail(task: DetailTask): Promise<void> {
    const { bridge, connectionId, library } = this.context;
    const priority: RequestPriority = task.priority;
    try {
      if (task.kind === 'castingCall') {
        const detail = await this.call(() => bridge.getCastingCall({ connectionId, id: task.id, priority }));
        await writeCastingCallDetail(library, detail, this.context.nowIso());
        return;
      }
      const kind = task.kind;
      const locale = this.context.contentLocale();
      const request = { connectionId, id: task.id, priority, ...(locale ? { locale } : {}) };
      const detail: ProfileDetail = kind === 'actor' ? await this.call(() => bridge.getActor(request)) : await this.call(() => bridge.getCrew(request));
      await writeProfileDetail(library, kind, detail, this.context.nowIso(), locale);
      if (priority === 'interactive' || priority === 'shortlist') {
        const wanted = await notCached(this.context, this.versionsOf(kind, detail));
        await prefetchPictures(this.context, wanted, 'high');
      }
    } catch (error) {
      if (error instanceof SyncCancelled || error instanceof LibraryStorageError) throw error;
      if (task.kind === 'castingCall') return;
      const gone = goneStatus(error);
      if (gone) {
        await markProfileRemoved(library, task.kind, task.id, { ...gone, at: this.context.nowIso() });
        // The profile lives on under its new id: fetch that one with the same priority.
        if (gone.reason === 'merged') this.enqueue({ kind: task.kind, id: gone.newId, priority });
        return;
      }
      if (error instanceof SyncCallError && error.code === 'not_found') {
        await markProfileRemoved(library, task.kind, task.id, { reason: 'missing', at: this.context.nowIso() });
        return;
      }
      // One detail failing (a bad answer, retries spent) must not end the run: the next run retries it.
      if (error instanceof SyncCallError && !isOfflineFailure(error)) {
        this.progress.update({ lastError: { code: error.code, message: error.message } });
        return;
      }
      throw error;
    }
  }

  private versionsOf(kind: ProfileKind, detail: ProfileDetail): MediaWanted[] {
    return pictureVersionUrls(detail).map((url) => ({ url, kind: 'version' as const, profileKind: kind, profileId: detail.id }));
  }

  private prefetchVersionsInBackground(kind: ProfileKind, detail: ProfileDetail): void {
    const work = async () => {
      const wanted = await notCached(this.context, this.versionsOf(kind, detail));
      // Not through the run's gate: a view is the user's, whether a run is paused, cancelled or none.
      for (let start = 0; start < wanted.length; start += 100) {
        const batch = wanted.slice(start, start + 100);
        const answer = await this.options.bridge.prefetchMedia({ connectionId: this.context.connectionId, urls: batch.map((entry) => entry.url), priority: 'high' });
        const cached = new Set(unwrap(answer).cached);
        const cachedAt = this.context.nowIso();
        await recordMedia(this.context.library, batch.filter((entry) => cached.has(entry.url)).map((entry) => ({ ...entry, cachedAt })));
      }
    };
    // Offline or full: the detail is shown anyway; the pictures come with the next view or run.
    work().catch(() => undefined);
  }

  private async prefetchThumbnails(): Promise<void> {
    const wanted = await thumbnailsWanted(this.context);
    let saved = 0;
    let tried = 0;
    this.progress.update({ media: { done: saved, queued: wanted.length } });
    // `done` counts what the back end stored, not what was asked for.
    await prefetchPictures(this.context, wanted, 'low', (cached, asked) => {
      saved += cached;
      tried += asked;
      this.progress.update({ media: { done: saved, queued: wanted.length - tried } });
    });
  }

  /** One pass over the kept files: true counts from the back end, missing ones fetched and marked kept. */
  private async keepKeptMedia(): Promise<KeptMediaCounts | null> {
    const generation = this.context.now();
    if (this.keptRefs.length === 0) {
      // Nothing kept any more: what earlier passes kept may be evicted again (a failed release
      // only leaves the marks until the next pass).
      await releaseKeptBefore(this.context, generation).catch(() => 0);
      this.progress.update({ keptMedia: null });
      return null;
    }
    this.progress.update({ phase: 'media' });
    const wanted = await keptMediaWanted(this.context, this.keptRefs);
    const stats = await this.options.bridge.getMediaCacheStats({});
    const counts = await keepMedia(this.context, wanted.media, {
      profiles: wanted.profiles,
      generation,
      capBytes: stats.ok ? stats.value.capBytes : null,
      showreelMaxBytes: this.options.showreelMaxBytes?.() ?? defaultShowreelMaxBytes,
      onProgress: (keptMedia) => this.progress.update({ keptMedia }),
    });
    // Every stored kept file was marked in this pass: older marks belong to what is no longer kept.
    await releaseKeptBefore(this.context, generation).catch(() => 0);
    return counts;
  }

  /** Retries waiting kept files with backoff, without a new run, until none waits (or a run, cancel or dispose). */
  private retryKeptMedia(): void {
    this.mediaRetry?.abort();
    const controller = new AbortController();
    this.mediaRetry = controller;
    const backoff = { ...mediaRetryBackoff, ...this.options.mediaRetryBackoff, random: this.random };
    const loop = async () => {
      for (let attempt = 0; ; attempt += 1) {
        await this.sleep(fullJitterDelayMs(attempt, backoff), controller.signal);
        if (controller.signal.aborted || this.running) return;
        const counts = await this.keepKeptMedia().catch(() => null);
        if (controller.signal.aborted || this.running) return;
        this.progress.update({ phase: 'idle' });
        if (counts && counts.waiting + counts.pending === 0) {
          this.progress.update({ state: 'done' });
          return;
        }
      }
    };
    // Aborted by a run, cancel or dispose: nothing to report.
    loop().catch(() => undefined);
  }

  // ---- the request gate ----

  private async call<T>(request: () => Promise<BridgeResult<T>>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      await this.gate();
      let result: BridgeResult<T>;
      try {
        result = await request();
      } catch (error) {
        // A bridge never throws by contract; a broken transport counts as a lost network.
        result = { ok: false, error: { code: 'network', message: error instanceof Error ? error.message : String(error) } };
      }
      if (result.ok) {
        this.progress.countRequest();
        if (!this.online) this.setOnline(true);
        return result.value;
      }
      const error = new SyncCallError(result.error.code, result.error.message, result.error.details);
      // Retries happen in one layer: the back end retried 5xx and 429 with backoff already, so a
      // failure that reaches here is final for this request. Only a lost network is waited out.
      if (!isOfflineFailure(error)) throw error;
      this.setOnline(false, error);
      try {
        await this.sleep(fullJitterDelayMs(attempt, { ...this.backoff, random: this.random }), this.offlineWait.signal);
      } catch {
        // Woken by retryNow: ask again at once; cancelled: end.
        if (this.abort.signal.aborted) throw new SyncCancelled();
      }
    }
  }

  private async gate(): Promise<void> {
    while (true) {
      if (this.abort.signal.aborted) throw new SyncCancelled();
      if (!this.paused) return;
      await new Promise<void>((resolve) => this.resumeWaiters.push(resolve));
    }
  }

  private wakeWaiters(): void {
    const waiters = this.resumeWaiters;
    this.resumeWaiters = [];
    for (const wake of waiters) wake();
  }

  private setOnline(online: boolean, error?: SyncCallError): void {
    this.online = online;
    const state = !this.running ? this.progress.get().state : this.paused ? 'paused' : online ? 'syncing' : 'offline';
    this.progress.update({ online, state, ...(error ? { lastError: { code: error.code, message: error.message } } : {}) });
  }
}
