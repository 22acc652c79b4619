/**
 * The shape of settings.json and of one connection in it. The file never holds a key: keys live in
 * the key store, addressed by the connection id. Bump `currentSchemaVersion` (and add a migration
 * with a test) whenever the stored shape changes.
 */
import { z } from 'zod';
import { maxConnectionNameLength } from '../../../contract/bridge.ts';
import { contentLocales } from '../../../contract/directory-api.ts';
import { isNormalizedBaseUrl } from './baseUrl.ts';
import { ConnectionError } from './connectionErrors.ts';

export const currentSchemaVersion = 2;

const connectionIdSchema = z.string().regex(/^[a-z0-9-]{1,64}$/, 'a connection id: 1 to 64 lowercase letters, digits and dashes');

export const connectionSchema = z.object({
  id: connectionIdSchema,
  name: z
    .string()
    .refine((name) => name === name.trim() && [...name].length >= 1 && [...name].length <= maxConnectionNameLength, `a trimmed name of 1 to ${maxConnectionNameLength} characters`),
  baseUrl: z.string().refine(isNormalizedBaseUrl, 'an https URL (http only on loopback) in canonical form'),
  contentLocale: z.enum(contentLocales),
  isDemo: z.boolean().optional(),
  createdAt: z.iso.datetime({ offset: true }),
  /**
   * Which directory this is, for the offline library (the renderer keys profiles by it): the origin
   * of the address the connection was made for. It never follows an address change: the demo
   * directory on another port, or a directory the user moved, is the same directory, so its
   * profiles, shortlists and history stay one. Keys never use it: a key is bound to the origin it
   * was stored for (keyOrigin.ts), the current address.
   */
  directoryOrigin: z.string().refine((origin) => URL.canParse(origin) && new URL(origin).origin === origin, 'an origin (scheme://host[:port])'),
});
export type Connection = z.infer<typeof connectionSchema>;

/** A connection as settings schema 1 stored it: its identity was its address. */
const connectionV1Schema = connectionSchema.omit({ directoryOrigin: true });

/**
 * Settings of schema 1, brought to the current shape: each connection's directory is the origin of
 * its address then (the last address the offline library saw it under).
 */
export const settingsV1Schema = z
  .object({ schemaVersion: z.literal(1), activeConnectionId: z.string().nullable(), connections: z.array(connectionV1Schema) })
  .transform(({ activeConnectionId, connections }) => ({
    schemaVersion: currentSchemaVersion,
    activeConnectionId,
    connections: connections.map((connection) => ({ ...connection, directoryOrigin: new URL(connection.baseUrl).origin })),
  }));

/** Case-insensitive name identity: "Agency" and "agency " are the same connection name. */
export function nameIdentity(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

export const settingsSchema = z
  .object({
    schemaVersion: z.literal(currentSchemaVersion),
    activeConnectionId: connectionIdSchema.nullable(),
    connections: z.array(connectionSchema),
  })
  .superRefine((settings, context) => {
    const ids = new Set<string>();
    const names = new Set<string>();
    settings.connections.forEach((connection, index) => {
      if (ids.has(connection.id)) context.addIssue({ code: 'custom', path: ['connections', index, 'id'], message: 'duplicate connection id' });
      if (names.has(nameIdentity(connection.name))) {
        context.addIssue({ code: 'custom', path: ['connections', index, 'name'], message: 'duplicate connection name' });
      }
      ids.add(connection.id);
      names.add(nameIdentity(connection.name));
    });
    if (settings.activeConnectionId !== null && !ids.has(settings.activeConnectionId)) {
      context.addIssue({ code: 'custom', path: ['activeConnectionId'], message: 'names no stored connection' });
    }
  });
export type Settings = z.infer<typeof settingsSchema>;

export function emptySettings(): Settings {
  return { schemaVersion: currentSchemaVersion, activeConnectionId: null, connections: [] };
}

/** Trims the name and checks it; the message says what to change. */
export function normalizeConnectionName(input: unknown): string {
  if (typeof input !== 'string') throw new ConnectionError('invalid_input', 'The connection name must be text.');
  const name = input.trim();
  const length = [...name].length;
  if (length === 0) throw new ConnectionError('invalid_input', 'The connection name is empty.');
  if (length > maxConnectionNameLength) {
    throw new ConnectionError('invalid_input', `The connection name is ${length} characters long; at most ${maxConnectionNameLength} are allowed.`);
  }
  if (/\p{Cc}/u.test(name)) throw new ConnectionError('invalid_input', 'The connection name contains line breaks or invisible characters.');
  return name;
}

/** Checks the content locale against the ten the directory serves. */
export function validateContentLocale(input: unknown): Connection['contentLocale'] {
  const parsed = z.enum(contentLocales).safeParse(input);
  if (!parsed.success) {
    throw new ConnectionError('invalid_input', `The content language must be one of ${contentLocales.join(', ')}.`);
  }
  return parsed.data;
}
