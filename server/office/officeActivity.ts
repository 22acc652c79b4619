/**
 * The history of each shared list, written by the server, which knows whose connection every
 * accepted change came in on: a member cannot put a change in a colleague's name, and a change
 * made offline is attributed to its sender when it arrives. Each loaded document is watched
 * (afterTransaction): a transaction from a member's connection is summarised against the entries
 * as they were (listActivity.ts) and gathered into that member's pending record, which is written
 * when the member has been quiet for `quietMs` (a note typed is one record, not one per key), at
 * the latest `maxMs` after its first change, when the member disconnects or the document unloads.
 * A written record goes to the database (activityLog.ts) and then to every member with the list
 * attached; a member's app asks for the last records with a stateless request.
 *
 * The entries are summarised when a member first sends a change to a loaded document (beforeSync,
 * before it is applied), not when the document loads: a member's app attaches every shared list at
 * start and most are only read, and summarising 200 lists of 50 entries took a tenth of the
 * server's time in a first sync (issue 25) and 12 KB per loaded document. Until then, a change
 * from elsewhere (another instance, the server) needs no summary: the summaries taken later start
 * from the document as it is then.
 *
 * Hooks never throw (a throwing hook leaks documents, ueberdosis/hocuspocus#1156): every failure
 * is logged and the change itself is untouched; at worst a record is missing.
 */
import type { Document, Extension } from '@hocuspocus/server';
import type * as Y from 'yjs';
import { activityRequestSchema, activitySentOnRequest, type ActivityMessage } from '../../contract/officeActivity.ts';
import type { ActivityLog } from './activityLog.ts';
import { entriesOf } from './listDocument.ts';
import { ChangeSet, diffEntry, diffName, listName, summariseEntries, summariseEntry, touchedEntryKeys, type EntrySummary } from './listActivity.ts';
import type { OfficeContext } from './officeAuthentication.ts';
import { carriesChanges } from './syncMessages.ts';

export interface ActivityTiming {
  /** A member's record is written after this long without a change of theirs. */
  quietMs: number;
  /** …and at the latest this long after its first change. */
  maxMs: number;
}

export const defaultActivityTiming: ActivityTiming = { quietMs: 5_000, maxMs: 60_000 };

interface Pending {
  memberName: string;
  changes: ChangeSet;
  firstAt: number;
  lastAt: Date;
  timer: ReturnType<typeof setTimeout> | null;
}

interface Watched {
  name: string;
  /** Null until a member first sends a change (see above). */
  entries: Map<string, EntrySummary> | null;
  pending: Map<string, Pending>;
  stop(): void;
}

/** The member whose connection a transaction came in on, or null (loading, another instance, the server). */
function memberOf(origin: unknown): OfficeContext | null {
  const connection = (origin as { source?: string; connection?: { context?: unknown } } | null)?.connection;
  if ((origin as { source?: string } | null)?.source !== 'connection' || !connection) return null;
  const context = connection.context as Partial<OfficeContext> | undefined;
  return typeof context?.memberId === 'string' ? (context as OfficeContext) : null;
}

export function officeActivity(log: ActivityLog, timing: ActivityTiming, say: (line: string) => void): Extension {
  const watched = new Map<Document, Watched>();

  async function write(document: Document, watch: Watched, memberId: string): Promise<void> {
    const pending = watch.pending.get(memberId);
    if (!pending) return;
    watch.pending.delete(memberId);
    if (pending.timer) clearTimeout(pending.timer);
    if (pending.changes.isEmpty) return;
    try {
      const record = await log.append(watch.name, {
        at: pending.lastAt.toISOString(),
        memberId,
        memberName: pending.memberName,
        changes: pending.changes.toChanges(),
      });
      // The list was removed from the office meanwhile: it keeps no history, and nobody is left to tell.
      if (!record) return;
      const message: ActivityMessage = { type: 'activity', records: [record] };
      document.broadcastStateless(JSON.stringify(message));
    } catch (error) {
      say(`office: a history record of ${watch.name} was not written: ${(error as Error).message}`);
    }
  }

  function writeAll(document: Document): Promise<unknown> {
    const watch = watched.get(document);
    if (!watch) return Promise.resolve();
    return Promise.all([...watch.pending.keys()].map((memberId) => write(document, watch, memberId)));
  }

  function gather(document: Document, watch: Watched, member: OfficeContext, changes: ChangeSet): void {
    let pending = watch.pending.get(member.memberId);
    if (!pending) {
      pending = { memberName: member.memberName, changes: new ChangeSet(), firstAt: performance.now(), lastAt: new Date(), timer: null };
      watch.pending.set(member.memberId, pending);
    }
    pending.changes.merge(changes);
    pending.lastAt = new Date();
    if (pending.timer) clearTimeout(pending.timer);
    const left = Math.max(0, Math.min(timing.quietMs, pending.firstAt + timing.maxMs - performance.now()));
    pending.timer = setTimeout(() => void write(document, watch, member.memberId), left);
  }

  function watch(document: Document, name: string): void {
    const doc = document as unknown as Y.Doc;
    const state: Watched = { name, entries: null, pending: new Map(), stop: () => undefined };
    let currentName = listName(doc);
    const onTransaction = (transaction: Y.Transaction) => {
      try {
        const member = memberOf(transaction.origin);
        const changes = new ChangeSet();
        const entries = entriesOf(doc);
        const summaries = state.entries;
        if (summaries) {
          for (const key of touchedEntryKeys(doc, transaction)) {
            const after = summariseEntry(entries.get(key)) ?? undefined;
            diffEntry(key, summaries.get(key), after, changes);
            if (after) summaries.set(key, after);
            else summaries.delete(key);
          }
        }
        const nextName = listName(doc);
        diffName(currentName, nextName, changes);
        currentName = nextName;
        if (member && !changes.isEmpty) gather(document, state, member, changes);
      } catch (error) {
        say(`office: summarising a change of ${name} failed: ${(error as Error).message}`);
      }
    };
    doc.on('afterTransaction', onTransaction);
    state.stop = () => doc.off('afterTransaction', onTransaction);
    watched.set(document, state);
  }

  return {
    extensionName: 'castdesk-office-activity',
    async afterLoadDocument({ document, documentName }) {
      try {
        if (!watched.has(document)) watch(document, documentName);
      } catch (error) {
        say(`office: watching ${documentName} for its history failed: ${(error as Error).message}`);
      }
    },
    async beforeSync({ connection, document, documentName, type, payload }) {
      if (!carriesChanges(type, payload) || connection.readOnly) return;
      try {
        const watch = watched.get(document);
        if (watch && !watch.entries) watch.entries = summariseEntries(document as unknown as Y.Doc);
      } catch (error) {
        say(`office: summarising ${documentName} for its history failed: ${(error as Error).message}`);
      }
    },
    async onDisconnect({ document, context }) {
      const memberId = (context as Partial<OfficeContext> | undefined)?.memberId;
      const watch = watched.get(document);
      if (watch && memberId) await write(document, watch, memberId);
    },
    async beforeUnloadDocument({ document }) {
      await writeAll(document);
      watched.get(document)?.stop();
      watched.delete(document);
    },
    async onDestroy() {
      await Promise.all([...watched.keys()].map(writeAll));
    },
    async onStateless({ connection, documentName, payload }) {
      try {
        if (!activityRequestSchema.safeParse(JSON.parse(payload)).success) return;
        const message: ActivityMessage = { type: 'activity', records: await log.recent(documentName, activitySentOnRequest) };
        connection.sendStateless(JSON.stringify(message));
      } catch (error) {
        say(`office: answering a history request for ${documentName} failed: ${(error as Error).message}`);
      }
    },
  };
}
