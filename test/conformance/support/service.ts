/**
 * Starts the directory service for one test file on a hand-written fixture, on a free port of
 * 127.0.0.1, with the clock fixed so `current` is deterministic.
 */
import { fileURLToPath } from 'node:url';
import { startDirectory, type DirectoryOptions, type RunningDirectory } from '../../../server/src/startDirectory.ts';
import { makeClient, type Client } from './http.ts';
import { createTestDatabase } from './postgres.ts';

/** The service clock of every fixture suite; fixture deadlines are absolute dates around it. */
export const FIXED_NOW = new Date('2026-06-15T12:00:00.000Z');

export const KEY_AGENCY_1 = 'k-agency-1-conformance';
export const KEY_AGENCY_2 = 'k-agency-2-conformance';
export const KEY_CASTING_PRO = 'k-casting-pro-conformance';

/** PGlite takes seconds to create; hooks that start a service get this much time. */
export const START_TIMEOUT = 120_000;

export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

export interface FixtureService {
  directory: RunningDirectory;
  /** A client that sends the agency-1 key by default. */
  api: Client;
}

export async function startFixtureService(
  fixtureName = 'directory.json',
  options: Partial<DirectoryOptions> = {},
  defaultKey: string = KEY_AGENCY_1,
): Promise<FixtureService> {
  // The conformance-postgres project runs every suite again on a PostgreSQL server.
  const serverUrl = options.databaseUrl ?? process.env.CONFORMANCE_DATABASE_URL;
  const database = serverUrl ? await createTestDatabase(serverUrl) : undefined;
  const directory = await startDirectory({
    host: '127.0.0.1',
    port: 0,
    fixture: fixturePath(fixtureName),
    now: () => new Date(FIXED_NOW),
    rateLimit: false,
    ...options,
    databaseUrl: database?.url,
  });
  const close = directory.close.bind(directory);
  directory.close = async () => {
    await close();
    await database?.drop();
  };
  return { directory, api: makeClient(directory.baseUrl, defaultKey) };
}
