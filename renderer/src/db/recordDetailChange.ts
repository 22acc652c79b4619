/**
 * Turns a detail replacing a cached one into a history record: the diff of the two, written once
 * per update of the profile (keyed by the new updated_at). The first detail of a profile, and a
 * detail that changes nothing the history follows, record nothing. Two details asked in different
 * content languages (the user switched language; or one of them unrecorded) are compared only in
 * what does not depend on the language: a new picture is recorded, about me read in another
 * language is not.
 */
import type { ActorDetail, CrewDetail } from '../../../contract/directory-api.ts';
import { diffProfiles } from '../history/profileDiff.ts';
import type { LocalizedDetail } from './detailWriteHook.ts';
import { putChangeRecord, type ChangeRecord, type HistoryDb } from './historyDb.ts';
import type { ProfileKind } from './libraryDb.ts';

type ProfileDetail = ActorDetail | CrewDetail;

function nameOf(detail: ProfileDetail): string {
  return (detail.name ?? `${detail.first_name ?? ''} ${detail.last_name ?? ''}`).trim();
}

/** Records what changed from `previous` to `next` of a profile of `origin`; returns the record, or null when none. */
export async function recordDetailChange(
  history: HistoryDb,
  origin: string,
  kind: ProfileKind,
  previousDetail: LocalizedDetail | undefined,
  nextDetail: LocalizedDetail,
  nowIso: string,
): Promise<ChangeRecord | null> {
  if (!previousDetail) return null;
  const previous = previousDetail.detail;
  const next = nextDetail.detail;
  const changes = diffProfiles(previous, next, { sameContentLocale: previousDetail.locale === nextDetail.locale });
  if (changes.length === 0) return null;
  return putChangeRecord(history, {
    origin,
    kind,
    profileId: next.id,
    name: nameOf(next),
    updatedAt: next.updated_at,
    previousUpdatedAt: previous.updated_at ?? null,
    recordedAt: nowIso,
    changes,
  });
}
