/**
 * One list run of one resource: every list field, `perPage` items a page in id order, each page
 * written with the next checkpoint in one transaction. A run continues from its checkpoint, so a
 * crash, a cancel or a lost network costs at most the page in flight. Incremental runs ask for
 * `updated_at[gte]` = watermark − lookback; full runs end with reconciliation, and a run is full
 * when a reconcile is due (weekly, or after a watermark anomaly: db/watermark.ts). An item of a page
 * that does not match the API costs only itself: the page is stored without it, it joins the
 * resource's "could not read" list, and the next run asks for it again by id.
 */
import type { RejectedListItem } from '../../../contract/bridge.ts';
import type { ActorListItem, CastingCallListItem, CrewListItem } from '../../../contract/directory-api.ts';
import { actorListFields, castingCallListFields, crewListFields } from '../../../contract/list-fields.ts';
import type { PageCheckpoint, ProfileKind, SyncResource } from '../db/libraryDb.ts';
import {
  completeIncrementalRun,
  markReconcileDue,
  reconcileCastingCalls,
  readSyncState,
  reconcileProfiles,
  saveCheckpoint,
  updateUnreadable,
  writeCastingCallDetail,
  writeCastingCallPage,
  writeProfileDetail,
  writeProfilePage,
} from '../db/libraryWrites.ts';
import { unreadableFromPage, type UnreadableItem } from '../db/unreadableItems.ts';
import { fullReconcileDue, watermarkCeiling } from '../db/watermark.ts';
import { SyncCallError } from './bridgeCall.ts';
import { newRunId, type SyncContext } from './syncContext.ts';

interface ListPage<T> {
  items: T[];
  rejected?: RejectedListItem[];
  total: number;
  nextPage: number | null;
  /** The directory's clock when it answered (its `Date` header), if it said. */
  serverTime?: string;
}

export interface ProfileListOutcome {
  mode: 'full' | 'incremental';
  /** Profiles whose cached detail is older than their list item. */
  staleDetailIds: number[];
  /** Profiles a full run did not see: they left the live index. */
  missingIds: number[];
}

/** The checkpoint to continue, or a new run's first one. */
async function startOrResume(context: SyncContext, resource: SyncResource, wantFull: boolean): Promise<PageCheckpoint> {
  const state = await readSyncState(context.library, resource);
  const resumable = state.checkpoint && !(wantFull && state.checkpoint.mode !== 'full') ? state.checkpoint : null;
  if (resumable) return resumable;
  const full = wantFull || fullReconcileDue(state, context.now());
  const checkpoint: PageCheckpoint = {
    runId: newRunId(context.now()),
    mode: full ? 'full' : 'incremental',
    nextPage: 1,
    perPage: context.perPage,
    startedAt: context.nowIso(),
  };
  // The server's clock only: the largest updated_at it gave us, minus the lookback window.
  if (!full) checkpoint.since = Math.max(0, Math.floor(Date.parse(state.watermark!) / 1000) - context.lookbackSeconds);
  await saveCheckpoint(context.library, resource, checkpoint);
  return checkpoint;
}

async function readPages<T>(
  context: SyncContext,
  resource: SyncResource,
  checkpoint: PageCheckpoint,
  fetchPage: (page: number, perPage: number) => Promise<ListPage<T>>,
  writePage: (items: T[], next: PageCheckpoint, unreadable: UnreadableItem[], watermarkCeilingMs: number) => Promise<void>,
): Promise<PageCheckpoint> {
  let current = checkpoint;
  const reportProgress = (total: number) =>
    context.progress.update({ resource, list: { done: Math.min(total, (current.nextPage - 1) * current.perPage), total } });
  reportProgress(current.total ?? 0);
  while (!current.listComplete) {
    let page: ListPage<T>;
    try {
      page = await fetchPage(current.nextPage, current.perPage);
    } catch (error) {
      if (!(error instanceof SyncCallError) || error.code !== 'answer_too_large') throw error;
      current = await skipRefusedPage(context, resource, current, error);
      continue;
    }
    // The directory pages by offset: when profiles were removed since the last page (the total
    // shrank), later ones shifted onto pages already read and would be skipped, then taken for
    // removed. Step back far enough to read them; ids already written are simply written again.
    const shrunkBy = current.total !== undefined && page.total < current.total ? current.total - page.total : 0;
    const stepBack = Math.ceil(shrunkBy / current.perPage);
    const next: PageCheckpoint = {
      ...current,
      nextPage: stepBack > 0 ? Math.max(1, current.nextPage - stepBack) : (page.nextPage ?? current.nextPage + 1),
      total: page.total,
      listComplete: stepBack === 0 && (page.nextPage === null || page.items.length === 0),
    };
    await writePage(page.items, next, unreadableFromPage(page.rejected, current.nextPage, context.nowIso()), watermarkCeiling(page.serverTime, context.now()));
    current = next;
    reportProgress(page.total);
  }
  context.progress.update({ list: { done: current.total ?? 0, total: current.total ?? 0 } });
  return current;
}

/**
 * A page the back end refused as too large (electron/core/directory/answerLimits.ts) costs only
 * itself: the run says why and goes on with the next page. What the page held is unknown, so the
 * run must not reconcile (its profiles would be taken for removed) and the next run is a full one.
 * Without a total to say where the list ends (the first page was refused), the list ends here.
 */
async function skipRefusedPage(context: SyncContext, resource: SyncResource, current: PageCheckpoint, error: SyncCallError): Promise<PageCheckpoint> {
  context.progress.update({ lastError: { code: error.code, message: error.message } });
  await markReconcileDue(context.library, resource, context.nowIso());
  const pastEnd = current.total === undefined || current.nextPage * current.perPage >= current.total;
  const next: PageCheckpoint = { ...current, nextPage: current.nextPage + 1, listComplete: pastEnd, pageRefused: true };
  await saveCheckpoint(context.library, resource, next);
  return next;
}

/** Runs (or continues) the list run of actors or crew. */
export async function syncProfileList(context: SyncContext, kind: ProfileKind, wantFull: boolean): Promise<ProfileListOutcome> {
  const resource: SyncResource = kind === 'actor' ? 'actors' : 'crew';
  const checkpoint = await startOrResume(context, resource, wantFull);
  if (checkpoint.mode === 'full') context.progress.update({ full: true });
  const staleDetailIds: number[] = [];
  const base = { order: 'id' as const, direction: 'asc' as const, includePicture: true, ...(checkpoint.since !== undefined ? { updatedSince: checkpoint.since } : {}) };
  const fetchPage = (page: number, perPage: number): Promise<ListPage<ActorListItem | CrewListItem>> =>
    kind === 'actor'
      ? context.call(() => context.bridge.listActors({ connectionId: context.connectionId, params: { ...base, page, perPage, fields: [...actorListFields] }, priority: 'background' }))
      : context.call(() => context.bridge.listCrew({ connectionId: context.connectionId, params: { ...base, page, perPage, fields: [...crewListFields] }, priority: 'background' }));
  await retryUnreadable(context, resource, async (id) => {
    const locale = context.contentLocale();
    const request = { connectionId: context.connectionId, id, priority: 'background' as const, ...(locale ? { locale } : {}) };
    const detail = kind === 'actor' ? await context.call(() => context.bridge.getActor(request)) : await context.call(() => context.bridge.getCrew(request));
    await writeProfileDetail(context.library, kind, detail, context.nowIso(), locale);
  });
  const finished = await readPages(context, resource, checkpoint, fetchPage, async (items, next, unreadable, watermarkCeilingMs) => {
    const written = await writeProfilePage(context.library, kind, resource, items, next, context.nowIso(), unreadable, watermarkCeilingMs);
    staleDetailIds.push(...written.staleDetailIds);
  });
  if (finished.mode === 'full' && !finished.pageRefused) {
    context.progress.update({ phase: 'reconcile' });
    const missingIds = await reconcileProfiles(context.library, kind, resource, finished.runId, context.nowIso());
    context.progress.update({ phase: 'lists' });
    return { mode: 'full', staleDetailIds, missingIds };
  }
  await completeIncrementalRun(context.library, resource, context.nowIso());
  return { mode: finished.mode, staleDetailIds, missingIds: [] };
}

/**
 * Runs (or continues) a casting-call list run, always in full (they are few): all calls, or with
 * `castingCallsCurrent` those current=true.
 */
export async function syncCastingCallList(context: SyncContext, resource: 'castingCalls' | 'castingCallsCurrent'): Promise<void> {
  const checkpoint = await startOrResume(context, resource, true);
  const fetchPage = (page: number, perPage: number): Promise<ListPage<CastingCallListItem>> =>
    context.call(() =>
      context.bridge.listCastingCalls({
        connectionId: context.connectionId,
        params: { page, perPage, fields: [...castingCallListFields], ...(resource === 'castingCallsCurrent' ? { current: true } : {}) },
        priority: 'background',
      }),
    );
  if (resource === 'castingCalls') {
    await retryUnreadable(context, resource, async (id) =>
      writeCastingCallDetail(context.library, await context.call(() => context.bridge.getCastingCall({ connectionId: context.connectionId, id, priority: 'background' })), context.nowIso()),
    );
  }
  const finished = await readPages(context, resource, checkpoint, fetchPage, (items, next, unreadable) =>
    writeCastingCallPage(context.library, resource, items, next, context.nowIso(), unreadable),
  );
  if (finished.pageRefused) await completeIncrementalRun(context.library, resource, context.nowIso());
  else await reconcileCastingCalls(context.library, resource, finished.runId, context.nowIso());
}

/**
 * The next run's retry of what earlier runs could not read: each item with an id is asked for by
 * its detail. One that reads now is stored and leaves the list, as does one the directory no longer
 * has (404, 410); one still malformed stays with the new reason. An item without a readable id
 * waits for the list pages, which bring it again.
 */
async function retryUnreadable(context: SyncContext, resource: SyncResource, fetchAndWrite: (id: number) => Promise<void>): Promise<void> {
  const waiting = ((await readSyncState(context.library, resource)).unreadable ?? []).filter((item): item is UnreadableItem & { id: number } => item.id !== null);
  if (waiting.length === 0) return;
  const settled: number[] = [];
  const still: UnreadableItem[] = [];
  for (const item of waiting) {
    try {
      await fetchAndWrite(item.id);
      settled.push(item.id);
    } catch (error) {
      if (!(error instanceof SyncCallError)) throw error;
      if (error.code === 'not_found' || error.code === 'gone') settled.push(item.id);
      else if (error.code === 'bad_response') still.push({ ...item, reason: error.message, seenAt: context.nowIso() });
      else throw error;
    }
  }
  await updateUnreadable(context.library, resource, settled, still);
}
