/**
 * Who else is looking at a shared list, and its history, on the list's HocuspocusProvider
 * (contract/officeActivity.ts). While the list is on screen the app says so in its awareness state
 * (`look(true)`) and asks the office for the list's last history records; new records arrive as
 * the office writes them. The names shown are the ones the office server stamped on each
 * awareness state and record for the member it authenticated, never a name a client sent.
 */
import type { HocuspocusProvider } from '@hocuspocus/provider';
import {
  activityMessageSchema,
  activityNewestFirst,
  activityRequest,
  presenceLookingField,
  presenceMemberField,
  presenceMemberSchema,
  type ActivityRecord,
  type PresenceMember,
} from '../../../contract/officeActivity.ts';

/** Records the app keeps per list (the office keeps more; the panel shows the last ones). */
export const recordsKept = 200;

export interface ListActivity {
  /** The other members looking at the list now, each once, by name. */
  present(): PresenceMember[];
  /** The list's history, newest first. */
  records(): ActivityRecord[];
  /** Says whether the list is on screen here (presence), and asks for the history when it is. */
  look(on: boolean): void;
  /** Called whenever presence or the history changed; returns how to stop. */
  onChange(listener: () => void): () => void;
  /** Stops watching and stops looking. */
  stop(): void;
}

/** The members in awareness states other than this client's that say they are looking. */
export function lookingMembers(states: ReadonlyMap<number, Record<string, unknown>>, ownClientId: number): PresenceMember[] {
  const byId = new Map<string, PresenceMember>();
  for (const [clientId, state] of states) {
    if (clientId === ownClientId || state?.[presenceLookingField] !== true) continue;
    const member = presenceMemberSchema.safeParse(state[presenceMemberField]);
    if (member.success) byId.set(member.data.id, member.data);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export function watchListActivity(provider: HocuspocusProvider): ListActivity {
  const listeners = new Set<() => void>();
  const byId = new Map<string, ActivityRecord>();
  let looking = false;
  let present: PresenceMember[] = [];
  const tell = () => listeners.forEach((listener) => listener());

  const onAwareness = () => {
    const awareness = provider.awareness;
    present = awareness ? lookingMembers(awareness.getStates() as Map<number, Record<string, unknown>>, provider.document.clientID) : [];
    tell();
  };
  const onStateless = ({ payload }: { payload: string }) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const message = activityMessageSchema.safeParse(parsed);
    if (!message.success) return;
    for (const record of message.data.records) byId.set(record.id, record);
    // The oldest records beyond what is kept go first (ids grow with time on one office).
    const ordered = [...byId.values()].sort(activityNewestFirst);
    for (const record of ordered.slice(recordsKept)) byId.delete(record.id);
    tell();
  };
  const onSynced = () => {
    if (looking) provider.sendStateless(activityRequest);
  };
  provider.on('awarenessChange', onAwareness);
  provider.on('stateless', onStateless);
  provider.on('synced', onSynced);
  onAwareness();

  const activity: ListActivity = {
    present: () => present,
    records: () => [...byId.values()].sort(activityNewestFirst),
    look(on) {
      if (on === looking) return;
      looking = on;
      // A list attached in the background has no state (officeConnection.ts): looking gives it one.
      // Stopping keeps it, saying so: the office (Hocuspocus 4.7) passes no state that is removed.
      const awareness = provider.awareness;
      if (awareness) awareness.setLocalState({ ...(awareness.getLocalState() ?? {}), [presenceLookingField]: on });
      if (on && provider.isSynced) provider.sendStateless(activityRequest);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    stop() {
      activity.look(false);
      provider.off('awarenessChange', onAwareness);
      provider.off('stateless', onStateless);
      provider.off('synced', onSynced);
      listeners.clear();
    },
  };
  return activity;
}
