/**
 * One handler per bridge channel. They receive arguments the dispatcher has already validated, and
 * speak to the rest of the back end only through the ports, so the same handlers serve both shells.
 * Keys go in (add, set, test) and never come out: every connection answer is a ConnectionView.
 */
import { appLinkFromRoute, isAppLinkRoute } from '../../../contract/app-links.ts';
import type { ConnectionView } from '../../../contract/bridge.ts';
import type { ContentLocale } from '../../../contract/directory-api.ts';
import { externalUrlToOpen } from '../../../contract/external-url.ts';
import { normalizeBaseUrl } from '../connections/baseUrl.ts';
import { validateApiKey } from '../keys/apiKey.ts';
import { createOfficeHandlers } from '../office/officeHandlers.ts';
import { bindKey } from '../keys/keyOrigin.ts';
import { BridgeFailure } from './bridgeFailure.ts';
import type { BridgeHandlers } from './dispatch.ts';
import { notificationBody } from './notificationText.ts';
import type { BackEndParts, ConnectionRecord, DirectoryPort } from './ports.ts';

/** The connection the first start (and the "Demo directory" choice) creates. */
export const demoConnectionName = 'Demo directory';

/** "Demo directory", or "Demo directory 2", … when the user already gave a connection that name. */
/** The stored sizes of `urls` (those the cache holds), for keeping's plan against the cap. */
function storedSizes(media: BackEndParts['media'], urls: readonly string[]): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const url of urls) {
    const size = media.sizeOf(url);
    if (size !== null) sizes[url] = size;
  }
  return sizes;
}

function freeDemoName(existing: ConnectionRecord[]): string {
  const taken = new Set(existing.map((connection) => connection.name.trim().toLowerCase()));
  for (let number = 1; ; number += 1) {
    const name = number === 1 ? demoConnectionName : `${demoConnectionName} ${number}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

export function createHandlers(parts: BackEndParts): BridgeHandlers {
  const { keys, connections } = parts;
  let openingDemo: Promise<ConnectionRecord> | null = null;

  async function view(connection: ConnectionRecord): Promise<ConnectionView> {
    return {
      id: connection.id,
      name: connection.name,
      baseUrl: connection.baseUrl,
      contentLocale: connection.contentLocale,
      isDemo: connection.isDemo,
      directoryOrigin: connection.directoryOrigin,
      hasKey: await keys.hasKey(connection.id),
    };
  }

  async function existing(id: string): Promise<ConnectionRecord> {
    const connection = await connections.get(id);
    if (!connection) throw new BridgeFailure('connection_not_found', `There is no connection with the id ${id}.`);
    return connection;
  }

  /**
   * The directory of a connection with its key. The connections port answers after every change
   * under way; a move that begins while the key is read (the demo coming back on another port,
   * its key rebound with it) is noticed by reading the connection again, and the key is read once
   * more for the new address, so a call never fails for a key that is only moving.
   */
  async function directoryOf(connectionId: string): Promise<DirectoryPort> {
    let connection = await existing(connectionId);
    for (let attempt = 0; ; attempt += 1) {
      const key = await keys.readKey(connection.id, connection.baseUrl).catch((error: unknown) => error as Error);
      const now = await existing(connectionId);
      if (now.baseUrl !== connection.baseUrl && attempt === 0) {
        connection = now;
        continue;
      }
      if (key instanceof Error) throw key;
      if (key === null) throw new BridgeFailure('key_missing', `The connection "${connection.name}" has no API key stored.`);
      return parts.directory(connection, key);
    }
  }

  /**
   * Starts (or joins) the demo directory and makes it a connection (one, whatever the port). It
   * never changes which connection is active: the store makes a new demo connection active only
   * when none is (a first start), and the caller activates it only when asked.
   */
  async function openDemoConnection(contentLocale: ContentLocale): Promise<ConnectionRecord> {
    const demo = await parts.demo.start();
    const { connections: all } = await connections.list();
    const known = all.find((connection) => connection.isDemo);
    // The demo's port can change between runs (another program took it): the connection follows
    // it and stays the same directory. The back end runs the demo, so it alone binds the demo's
    // key to the new address, in the same change as the move: a directory call never finds the
    // connection without its key, and no page request can rebind a key to another address.
    if (known && known.baseUrl !== demo.baseUrl) {
      const moved = await connections.update(known.id, { baseUrl: demo.baseUrl }, { rebindKey: demo.key });
      parts.forgetDirectory(moved.id);
      return moved;
    }
    const connection =
      known ?? (await connections.add({ name: freeDemoName(all), baseUrl: demo.baseUrl, contentLocale, isDemo: true, directoryOrigin: demo.directoryOrigin }));
    await keys.setKey(connection.id, demo.key, connection.baseUrl, 'demo');
    parts.forgetDirectory(connection.id);
    return connection;
  }

  return {
    async getAppInfo({ recheckKeychain }) {
      const keychain = recheckKeychain ? await keys.recheck() : keys.status();
      return { version: parts.version, shell: parts.shell, keychain, folders: parts.desktop.folders };
    },

    async listConnections() {
      const { connections: all, activeId } = await connections.list();
      return { connections: await Promise.all(all.map(view)), activeId };
    },

    async addConnection({ key, ...input }) {
      // A bad key is refused before anything is written.
      validateApiKey(key);
      const connection = await connections.add({ ...input, isDemo: false });
      try {
        await keys.setKey(connection.id, key, connection.baseUrl);
      } catch (error) {
        // A connection without the key the user just gave would look saved but not work.
        await connections.remove(connection.id).catch(() => undefined);
        throw error;
      }
      return view(connection);
    },

    async updateConnection({ id, ...patch }) {
      await existing(id);
      // The store deletes the key when the origin changes; the user enters it again for the new one.
      const updated = await connections.update(id, patch);
      parts.forgetDirectory(id);
      return view(updated);
    },

    async removeConnection({ id }) {
      await existing(id);
      await keys.deleteKey(id);
      parts.forgetDirectory(id);
      // Before the connection goes: if this write fails, the removal can simply be tried again.
      await parts.syncMemory.forget(id);
      await connections.remove(id);
      // What only this connection kept offline may be evicted again; a file another connection keeps stays kept.
      parts.media.releaseKept(id, Number.POSITIVE_INFINITY);
      return {};
    },

    async setActiveConnection({ id }) {
      await existing(id);
      await connections.setActive(id);
      return {};
    },

    async setConnectionKey({ id, key }) {
      const connection = await existing(id);
      await keys.setKey(id, key, connection.baseUrl);
      parts.forgetDirectory(id);
      return view(connection);
    },

    async deleteConnectionKey({ id }) {
      const connection = await existing(id);
      await keys.deleteKey(id);
      parts.forgetDirectory(id);
      return view(connection);
    },

    async testConnection({ id }) {
      const connection = await existing(id);
      const key = await keys.readKey(id, connection.baseUrl);
      if (key === null) throw new BridgeFailure('key_missing', `The connection "${connection.name}" has no API key stored.`);
      return parts.testConnection({ baseUrl: connection.baseUrl, key });
    },

    async testNewConnection({ baseUrl, key }) {
      // Nothing is stored: the key is bound to the address being tested, and goes nowhere else.
      let address: string;
      try {
        address = normalizeBaseUrl(baseUrl);
      } catch (error) {
        return { reachable: false, keyAccepted: false, error: { code: 'invalid_input', message: (error as Error).message } };
      }
      return parts.testConnection({ baseUrl: address, key: bindKey(validateApiKey(key), address) });
    },

    async openDemoDirectory({ contentLocale, activate }) {
      // A reload or a second window during the first start joins the opening under way: two
      // openings at once would both find no demo connection and both add one. A demo connection
      // made now reads in the asked content language (the UI's on a first start); one that
      // exists keeps the language the user gave it.
      openingDemo ??= openDemoConnection(contentLocale ?? 'en').finally(() => {
        openingDemo = null;
      });
      const demo = await openingDemo;
      // Each caller decides for itself, after the opening: the reopening at start leaves the
      // connection the user picked meanwhile active; a click on "Open the demo directory" joining
      // that reopening still gets the demo active.
      if (activate) await connections.setActive(demo.id);
      return view(demo);
    },

    async getDemoStatus() {
      return parts.demo.status?.() ?? { phase: 'idle' as const };
    },

    async listActors({ connectionId, params, priority }) {
      return (await directoryOf(connectionId)).listActors(params, { priority });
    },
    async getActor({ connectionId, id, priority, ...options }) {
      // about_me and labels in the connection's content language unless the call names one.
      const { contentLocale } = await existing(connectionId);
      return (await directoryOf(connectionId)).getActor(id, { ...options, locale: options.locale ?? contentLocale }, { priority });
    },
    async listCrew({ connectionId, params, priority }) {
      return (await directoryOf(connectionId)).listCrew(params, { priority });
    },
    async getCrew({ connectionId, id, priority, ...options }) {
      // The crew detail has no Ukrainian: English stands in for it, asked for or by default.
      const { contentLocale } = await existing(connectionId);
      const asked = options.locale ?? contentLocale;
      return (await directoryOf(connectionId)).getCrew(id, { ...options, locale: asked === 'uk' ? 'en' : asked }, { priority });
    },
    async listCastingCalls({ connectionId, params, priority }) {
      return (await directoryOf(connectionId)).listCastingCalls(params, { priority });
    },
    async getCastingCall({ connectionId, id, priority }) {
      return (await directoryOf(connectionId)).getCastingCall(id, { priority });
    },
    async listAttributes({ connectionId }) {
      return (await directoryOf(connectionId)).listAttributes();
    },
    async getAttribute({ connectionId, name, locale }) {
      return (await directoryOf(connectionId)).getAttribute(name, locale);
    },

    async getMediaCacheStats() {
      return parts.media.stats();
    },
    async setMediaCacheCap({ capBytes }) {
      await parts.media.setCap(capBytes);
      return {};
    },
    async clearMediaCache() {
      await parts.media.clear();
      return {};
    },
    async getMediaPresence({ connectionId, urls, keepGeneration }) {
      await existing(connectionId);
      const keep = keepGeneration === undefined ? undefined : { owner: connectionId, generation: keepGeneration };
      const present = parts.media.present(urls, { keep });
      return { present, sizes: storedSizes(parts.media, present) };
    },
    async releaseKeptMedia({ connectionId, before }) {
      await existing(connectionId);
      return { released: parts.media.releaseKept(connectionId, before) };
    },
    async prefetchMedia({ connectionId, urls, priority, keepGeneration, kind, maxBytes }) {
      // Only for a connection that exists, so the back end is no open downloader for any caller.
      await existing(connectionId);
      const keep = keepGeneration === undefined ? undefined : { owner: connectionId, generation: keepGeneration };
      const outcome = await parts.media.prefetch(urls, priority, { keep, kind, maxBytes });
      return { ...outcome, sizes: storedSizes(parts.media, outcome.cached) };
    },

    async getRateBudget({ connectionId }) {
      return parts.rateBudget(await existing(connectionId));
    },

    async getSyncMemory({ connectionId }) {
      await existing(connectionId);
      return parts.syncMemory.get(connectionId);
    },
    async setSyncMemory({ connectionId, completedFullSyncAt }) {
      await existing(connectionId);
      await parts.syncMemory.set(connectionId, { completedFullSyncAt });
      return {};
    },

    async openFolder({ folder }) {
      return { opened: await parts.desktop.openFolder(parts.desktop.folders[folder]) };
    },

    async setTaskbarProgress({ fraction }) {
      parts.desktop.setProgress(fraction);
      return {};
    },

    async showNotification({ title, body }) {
      return { shown: parts.desktop.notify(title, notificationBody(body)) };
    },

    async logRendererError({ message, detail }) {
      parts.desktop.logRendererError(message, detail);
      return {};
    },

    async takeAppLink() {
      const route = parts.desktop.takeAppRoute();
      // Main read the link with the same rule; checked again so nothing else can ride this answer.
      return { route: route !== null && isAppLinkRoute(route) ? route : null };
    },

    async copyAppLink({ route }) {
      const link = appLinkFromRoute(route);
      if (link === null) throw new BridgeFailure('invalid_input', 'No castdesk:// link opens this page.');
      return { link, copied: parts.desktop.copyText(link) };
    },

    async copyText({ text }) {
      return { copied: parts.desktop.copyText(text) };
    },

    async setMenuLanguage({ locale }) {
      parts.desktop.setMenuLanguage(locale);
      return {};
    },

    async getUpdateStatus() {
      return parts.updates?.()?.status() ?? { phase: 'unavailable' as const, consent: 'undecided' as const };
    },

    async setUpdateConsent({ consent }) {
      const updates = parts.updates?.();
      if (!updates) throw new BridgeFailure('updates_unavailable', 'This shell does not update itself.');
      return updates.setConsent(consent);
    },

    async openExternal({ url }) {
      // The renderer checks too, but only this check counts: a page that reached the bridge could skip it.
      const safe = externalUrlToOpen(url);
      if (safe === null) {
        throw new BridgeFailure('invalid_input', 'Only https links with a host and mailto links, without credentials or hidden characters, are opened outside the app.');
      }
      // The parsed form (a mailto with only subject, body and cc), so the OS sees exactly what was checked.
      return { opened: await parts.openExternal(safe) };
    },

    ...createOfficeHandlers(parts.offices),
  };
}
