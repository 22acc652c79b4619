/**
 * The connection store as the bridge handlers see it (ports.ts ConnectionsPort): records without
 * the stored file's details, and reads that wait for every change under way, so a connection
 * moving to a new address (the demo on another port) is read before or after the move, key and
 * all, never half-way.
 */
import type { ConnectionRecord, ConnectionsPort } from '../bridge/ports.ts';
import type { Connection, ConnectionStore } from './connectionStore.ts';

function toRecord(connection: Connection): ConnectionRecord {
  return {
    id: connection.id,
    name: connection.name,
    baseUrl: connection.baseUrl,
    contentLocale: connection.contentLocale,
    isDemo: connection.isDemo ?? false,
    directoryOrigin: connection.directoryOrigin,
  };
}

/** The handlers' view of `store`. */
export function connectionsPort(store: ConnectionStore): ConnectionsPort {
  return {
    async list() {
      await store.settled();
      return { connections: store.list().map(toRecord), activeId: store.activeConnectionId() };
    },
    async get(id) {
      // A connection moving to a new address (the demo on another port) is read once it has moved, key and all.
      await store.settled();
      const found = store.get(id);
      return found ? toRecord(found) : null;
    },
    async add(input) {
      return toRecord(await store.add(input));
    },
    async update(id, patch, options) {
      return toRecord(await store.update(id, patch, options));
    },
    remove: (id) => store.remove(id),
    setActive: (id) => store.setActiveConnection(id),
  };
}

